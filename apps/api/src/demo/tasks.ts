import type { Db } from '@rope/db/client';
import { taskAssignees, taskNotes, tasks } from '@rope/db/schema/index';
import type { TaskAttributes } from '@rope/domain/tasks/schemas';
import type { DemoPeople } from './accounts.ts';
import type { DemoEvent } from './events.ts';
import type { DemoHierarchy, DemoRope } from './hierarchy.ts';
import { DAY, iso, type Rng, YEAR } from './random.ts';

interface TaskSpec {
  rope: DemoRope;
  eventId?: number;
  attributes: TaskAttributes;
  createdBy: number;
  createdAt: number;
  assignees: number[];
  notes: { userId: number; note: string; at: number }[];
  previous?: TaskSpec;
  id?: number;
}

const NOTES = [
  'Scheduled with the MRT service company.',
  'Spare rope section ordered, delivery in 6 weeks.',
  'Checked on site: no change since the last inspection.',
  'Photos uploaded to the rope documents.',
  'Waiting for the off-season shutdown.',
];

function task(title: string, description: string, extra: Partial<TaskAttributes> = {}): TaskAttributes {
  return {
    title,
    description,
    status: 'new',
    isRecurring: false,
    recurringConditions: [],
    isInternal: false,
    ...extra,
  };
}

export async function insertTasks(
  db: Db,
  rng: Rng,
  h: DemoHierarchy,
  people: DemoPeople,
  events: DemoEvent[],
  ref: number,
): Promise<number> {
  const specs: TaskSpec[] = [];
  const recentDamages = new Map<number, DemoEvent[]>();
  for (const e of events) {
    if (e.attributes.recordingType !== 'damage' || e.attributes.actionStatus === 'repaired') continue;
    if (e.occurredAt < ref - 200 * DAY || e.attributes.type === 'repair') continue;
    recentDamages.set(e.rope.id, [...(recentDamages.get(e.rope.id) ?? []), e]);
  }
  const add = (rope: DemoRope, attributes: TaskAttributes, extra: Partial<TaskSpec> = {}) => {
    const staff = people.clientsByMandator[rope.installation.mandator] ?? [];
    const internal = attributes.isInternal;
    const due = attributes.dueAt ? Date.parse(attributes.dueAt) : ref + 30 * DAY;
    const createdAt = Math.min(ref - rng.int(2, 40) * DAY, due - rng.int(10, 60) * DAY);
    const assignees = internal ? [people.pmId] : rng.shuffle(staff).slice(0, rng.int(1, 2));
    const notes = Array.from({ length: rng.int(0, 2) }, (_, i) => ({
      userId: assignees[0] ?? people.pmId,
      note: rng.pick(NOTES),
      at: createdAt + (i + 1) * rng.int(1, 5) * DAY,
    })).filter((n) => n.at < ref);
    const spec: TaskSpec = {
      rope,
      attributes,
      createdBy: internal ? people.pmId : (staff[0] ?? people.adminId),
      createdAt,
      assignees,
      notes,
      ...extra,
    };
    specs.push(spec);
    return spec;
  };
  const inDays = (days: number) => iso(ref + days * DAY);

  for (const rope of h.ropes) {
    const cycles = rope.attributes.bendingCyclesUntilNow ?? 0;
    if (rope.role === 'haul') {
      const description =
        'Magnetic rope test over the full length (EN 12927-6), report to be uploaded to the rope documents.';
      const conditions = [
        { type: 'periodYears' as const, threshold: 1 },
        { type: 'bendingCycles' as const, threshold: 200_000 },
      ];
      const done = add(
        rope,
        task('Magnetic rope test (MRT)', description, {
          status: 'done',
          dueAt: inDays(-rng.int(300, 360)),
          isRecurring: true,
          recurringConditions: conditions,
          component: 'rope',
          inspectionType: 'A (1 m/s)',
        }),
      );
      add(
        rope,
        task('Magnetic rope test (MRT)', description, {
          dueAt: inDays(rng.int(20, 240)),
          isRecurring: true,
          recurringConditions: conditions,
          component: 'rope',
          inspectionType: 'A (1 m/s)',
        }),
        { previous: done },
      );
      add(
        rope,
        task(
          'Monthly visual rope inspection',
          'Visual inspection of the whole rope at creep speed; record broken wires as damage events.',
          {
            dueAt: inDays(rng.int(-12, 25)),
            isRecurring: true,
            recurringConditions: [{ type: 'periodMonths', threshold: 1 }],
            component: 'rope',
            inspectionType: 'C (0.3 m/s)',
          },
        ),
      );
    }
    if (rope.spliced) {
      const threshold = Math.max(1, Math.round((cycles + rng.int(-20, 80) * 1000) / 1000) * 1000);
      add(
        rope,
        task(
          'Measure splice knot and tuck tail diameters',
          'Measure K1-K6 (max. diameter) and T1-T12 (min. diameter) of every long splice.',
          { dueCondition: { type: 'bendingCycles', threshold }, component: 'splice', inspectionType: 'B (0 m/s)' },
        ),
      );
    }
    if (rope.attributes.deviceSerialNumber) {
      add(
        rope,
        task(
          'Calibrate TRUscan sensor head',
          `Calibrate device ${rope.attributes.deviceSerialNumber} and check the upload.`,
          {
            status: rng.pick(['new', 'in-progress'] as const),
            dueAt: inDays(rng.int(-20, 60)),
            isRecurring: true,
            recurringConditions: [{ type: 'periodMonths', threshold: 6 }],
            component: 'truscan',
          },
        ),
      );
    }
    if (rope.role === 'track' && rng.chance(0.5)) {
      add(
        rope,
        task(
          'Shift track rope at the anchorage',
          'Shift the track rope by 3 m at the bollard to move the saddle positions.',
          { dueAt: inDays(rng.int(-40, 300)), component: 'rope' },
        ),
      );
    }
    for (const damage of (recentDamages.get(rope.id) ?? []).slice(-2)) {
      const text = damage.attributes.description ?? 'Damage';
      const at = damage.position === null ? '' : ` at ${damage.position.toFixed(1)} m`;
      const due = damage.occurredAt + rng.int(14, 60) * DAY;
      add(
        rope,
        task(
          `Follow up: ${text}${at}`.slice(0, 200),
          'Check the damage on site and decide on repair or shortened inspection interval.',
          {
            status: due < ref && rng.chance(0.8) ? 'done' : rng.pick(['new', 'in-progress'] as const),
            dueAt: iso(due),
            component: 'rope',
          },
        ),
        { eventId: damage.id },
      );
    }
    const life = rope.attributes.expectedServiceLife ?? 0;
    if (life > 0 && cycles > 0.8 * life) {
      add(
        rope,
        task(
          'Plan rope replacement',
          `Bending cycles ${cycles} of an expected ${life}: order the replacement rope and plan the shutdown.`,
          { dueAt: inDays(rng.int(60, 200)), isInternal: true, component: 'rope' },
        ),
      );
    }
    if (rope.installedAt < ref - 8 * YEAR && rope.role === 'tension' && rng.chance(0.4)) {
      add(
        rope,
        task('Shorten tension rope', 'Tension carriage near its end position: shorten the tension rope.', {
          dueCondition: { type: 'bendingCycles', threshold: Math.max(1000, Math.round(cycles / 1000) * 1000 + 5000) },
          component: 'rope',
        }),
      );
    }
  }

  const insert = async (batch: TaskSpec[]) => {
    if (batch.length === 0) return;
    const rows = await db
      .insert(tasks)
      .values(
        batch.map((s) => ({
          ropeId: s.rope.id,
          eventId: s.eventId ?? null,
          attributes: s.attributes,
          status: s.attributes.status,
          dueAt: s.attributes.dueAt ? new Date(s.attributes.dueAt) : null,
          previousTaskId: s.previous?.id ?? null,
          createdByUserId: s.createdBy,
          createdAt: new Date(s.createdAt),
          updatedAt: new Date(s.notes.at(-1)?.at ?? s.createdAt),
        })),
      )
      .returning({ id: tasks.id });
    batch.forEach((s, i) => {
      s.id = rows[i]!.id;
    });
  };
  await insert(specs.filter((s) => !s.previous));
  await insert(specs.filter((s) => s.previous));
  const assigneeRows = specs.flatMap((s) => [...new Set(s.assignees)].map((userId) => ({ taskId: s.id!, userId })));
  if (assigneeRows.length) await db.insert(taskAssignees).values(assigneeRows);
  const noteRows = specs.flatMap((s) =>
    s.notes.map((n) => ({ taskId: s.id!, userId: n.userId, note: n.note, createdAt: new Date(n.at) })),
  );
  if (noteRows.length) await db.insert(taskNotes).values(noteRows);
  return specs.length;
}
