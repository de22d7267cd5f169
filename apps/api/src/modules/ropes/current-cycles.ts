import type { Db } from '@rope/db/client';
import { installations, ropeEvents, ropes } from '@rope/db/schema/index';
import { cyclesPerHour, type MeasuredCycles, ropeCyclesNow } from '@rope/domain/ropes/bending-cycles';
import { and, desc, eq, sql } from 'drizzle-orm';
import { idsParam, preparedPerDatabase } from '../../infra/prepared.ts';

export interface RopeCycles {
  /** The rope's current count in whole cycles (`ropeCyclesNow`), undefined when nothing is known. */
  bendingCycles: number | undefined;
  cyclesPerHour: number | undefined;
  lastMeasured: MeasuredCycles | undefined;
}

const anyRope = sql.placeholder('ropeIds');

const ropesQuery = preparedPerDatabase((db) =>
  db
    .select({
      id: ropes.id,
      rope: ropes.attributes,
      truscan: ropes.truscanAttributes,
      installation: installations.attributes,
    })
    .from(ropes)
    .innerJoin(installations, eq(installations.id, ropes.installationId))
    .where(sql`${ropes.id} = any(${anyRope}::int[])`)
    .prepare('rope_cycles_inputs'),
);

/** Each rope's newest live event that measured a count, answered from its partial index (rope_events_measured_cycles_index). */
export const measuredCyclesQuery = preparedPerDatabase((db) =>
  db
    .selectDistinctOn([ropeEvents.ropeId], {
      ropeId: ropeEvents.ropeId,
      bendingCycles: sql<number>`(${ropeEvents.attributes} ->> 'bendingCycles')::float8`,
      timestamp: sql<string>`${ropeEvents.attributes} ->> 'timestamp'`,
    })
    .from(ropeEvents)
    .where(
      and(
        sql`${ropeEvents.ropeId} = any(${anyRope}::int[])`,
        // Written out as the index's predicate is: a bound `false` would keep a prepared plan off the index.
        sql`${ropeEvents.isDeleted} = false and jsonb_typeof(${ropeEvents.attributes} -> 'bendingCycles') = 'number'`,
      ),
    )
    .orderBy(ropeEvents.ropeId, desc(ropeEvents.occurredAt), desc(ropeEvents.id))
    .prepare('rope_cycles_measured'),
);

/**
 * The current bending cycles of ropes: THE loader of the rope's count, used by the bending-cycles answer (which the
 * reports print), the task lists, the due-task scan and the recurrence of tasks. Two queries whatever the number of
 * ropes (callers pass only the ropes they need): the ropes with their installations, and each rope's newest live
 * event that measured a count.
 */
export async function loadRopeCycles(db: Db, ropeIds: readonly number[], at: Date): Promise<Map<number, RopeCycles>> {
  const ids = [...new Set(ropeIds)];
  if (ids.length === 0) return new Map();
  const params = { ropeIds: idsParam(ids) };
  const [rows, measuredRows] = [await ropesQuery(db).execute(params), await measuredCyclesQuery(db).execute(params)];
  const measuredOf = new Map(
    measuredRows.map((row) => [row.ropeId, { bendingCycles: Number(row.bendingCycles), timestamp: row.timestamp }]),
  );
  return new Map(
    rows.map((row) => {
      const measured = measuredOf.get(row.id);
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
