import type { Db } from '@rope/db/client';
import { installations, ropeEvents, ropes } from '@rope/db/schema/index';
import { cyclesPerHour, type MeasuredCycles, ropeCyclesNow } from '@rope/domain/ropes/bending-cycles';
import { eq, sql } from 'drizzle-orm';
import { idsParam, preparedPerDatabase } from '../../infra/prepared.ts';

export interface RopeCycles {
  /** The rope's current count in whole cycles (`ropeCyclesNow`), undefined when nothing is known. */
  bendingCycles: number | undefined;
  cyclesPerHour: number | undefined;
  lastMeasured: MeasuredCycles | undefined;
}

const anyRope = sql.placeholder('ropeIds');

/**
 * Each rope's newest live event that measured a count, answered from its partial index
 * (rope_events_measured_cycles_index) inside the statement that reads the rope. The predicate is written out as the
 * index's is: a bound `false` would keep a prepared plan off the index.
 */
const newestMeasured = sql<MeasuredCycles | null>`(select json_build_object(
    'bendingCycles', (${ropeEvents.attributes} ->> 'bendingCycles')::float8,
    'timestamp', ${ropeEvents.attributes} ->> 'timestamp')
  from ${ropeEvents}
  where ${ropeEvents.ropeId} = ${ropes.id}
    and ${ropeEvents.isDeleted} = false and jsonb_typeof(${ropeEvents.attributes} -> 'bendingCycles') = 'number'
  order by ${ropeEvents.occurredAt} desc, ${ropeEvents.id} desc
  limit 1)`;

/** The ropes with their installations and newest measured count, in one statement. */
export const ropeCyclesQuery = preparedPerDatabase((db) =>
  db
    .select({
      id: ropes.id,
      rope: ropes.attributes,
      truscan: ropes.truscanAttributes,
      installation: installations.attributes,
      measured: newestMeasured,
    })
    .from(ropes)
    .innerJoin(installations, eq(installations.id, ropes.installationId))
    .where(sql`${ropes.id} = any(${anyRope}::int[])`)
    .prepare('rope_cycles_inputs'),
);

/**
 * The current bending cycles of ropes: THE loader of the rope's count, used by the bending-cycles answer (which the
 * reports print), the task lists, the due-task scan and the recurrence of tasks. One statement whatever the number of
 * ropes (callers pass only the ropes they need).
 */
export async function loadRopeCycles(db: Db, ropeIds: readonly number[], at: Date): Promise<Map<number, RopeCycles>> {
  const ids = [...new Set(ropeIds)];
  if (ids.length === 0) return new Map();
  const params = { ropeIds: idsParam(ids) };
  const rows = await ropeCyclesQuery(db).execute(params);
  return new Map(
    rows.map((row) => {
      const measured = row.measured
        ? { bendingCycles: Number(row.measured.bendingCycles), timestamp: row.measured.timestamp }
        : undefined;
      const inputs = {
        rope: row.rope,
        installation: row.installation,
        measured,
        truscanCycles: row.truscan.bendingCycles,
      };
      return [
        row.id,
        {
          bendingCycles: ropeCyclesNow(inputs, at),
          cyclesPerHour: cyclesPerHour(row.installation, row.rope),
          lastMeasured: measured,
        },
      ];
    }),
  );
}
