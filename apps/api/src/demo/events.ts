import type { Db } from '@rope/db/client';
import { ropeEvents } from '@rope/db/schema/index';
import type { RopeEventAttributes } from '@rope/domain/events/schemas';
import { sql } from 'drizzle-orm';
import type { DemoPeople } from './accounts.ts';
import { planRopeEvents, type RopeProfile } from './event-plan.ts';
import type { DemoHierarchy, DemoRope } from './hierarchy.ts';
import { HOUR, type Rng, round } from './random.ts';

export interface DemoEvent {
  id: number;
  rope: DemoRope;
  position: number | null;
  attributes: RopeEventAttributes;
  occurredAt: number;
}

const BATCH = 500;

/**
 * Health classes of the demo ropes: most are healthy, some orange and a few beyond their discard limit,
 * so gauges, maps and dashboards show all three colours.
 */
function profiles(rng: Rng, count: number): RopeProfile[] {
  const order = rng.shuffle(Array.from({ length: count }, (_, i) => i));
  const result: RopeProfile[] = Array.from({ length: count }, () => ({ utilisation: 0, wornSplice: false }));
  order.forEach((ropeIndex, rank) => {
    const utilisation =
      rank < 5
        ? round(rng.float(1.05, 1.3), 2)
        : rank < 15
          ? round(rng.float(0.55, 0.95), 2)
          : rank < 50
            ? round(rng.float(0.1, 0.42), 2)
            : 0;
    result[ropeIndex] = { utilisation, wornSplice: rng.chance(0.3) };
  });
  return result;
}

export async function insertEvents(
  db: Db,
  rng: Rng,
  hierarchy: DemoHierarchy,
  people: DemoPeople,
  ref: number,
): Promise<DemoEvent[]> {
  const ropeProfiles = profiles(rng.fork('profiles'), hierarchy.ropes.length);
  hierarchy.ropes.forEach((rope, i) => {
    rope.targetUtilisation = ropeProfiles[i]!.utilisation;
  });
  const planned = hierarchy.ropes.flatMap((rope, i) =>
    planRopeEvents(
      rope,
      ropeProfiles[i]!,
      rng.fork(`rope-${i}`),
      ref,
      people.clientsByMandator[rope.installation.mandator] ?? [],
    ).map((event) => ({ rope, ...event })),
  );
  const events: DemoEvent[] = [];
  for (let offset = 0; offset < planned.length; offset += BATCH) {
    const chunk = planned.slice(offset, offset + BATCH);
    const rows = await db
      .insert(ropeEvents)
      .values(
        chunk.map((e) => {
          const occurredAt = new Date(e.attributes.timestamp);
          const createdAt = new Date(occurredAt.getTime() + (e.attributes.isImported ? 26 : 3) * HOUR);
          return {
            ropeId: e.rope.id,
            position: e.position,
            attributes: e.attributes,
            occurredAt,
            recordingType: e.attributes.recordingType,
            type: e.attributes.type,
            createdByUserId: e.createdByUserId,
            createdAt,
            updatedAt: createdAt,
          };
        }),
      )
      .returning({ id: ropeEvents.id });
    chunk.forEach((e, i) => {
      events.push({
        id: rows[i]!.id,
        rope: e.rope,
        position: e.position,
        attributes: e.attributes,
        occurredAt: Date.parse(e.attributes.timestamp),
      });
    });
  }
  const ropeIds = sql.join(
    hierarchy.ropes.map((r) => sql`${r.id}`),
    sql`, `,
  );
  await db.execute(sql`
    insert into rope_event_history (event_id, user_id, action, position, attributes, changed_at)
    select id, created_by_user_id, 'create', position, attributes, created_at
    from rope_events where rope_id in (${ropeIds}) order by id`);
  return events;
}
