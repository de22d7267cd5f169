import type { Db } from '@rope/db/client';
import { installations, ropes } from '@rope/db/schema/index';
import type { DamageView } from '@rope/domain/hierarchy/views';
import { mergeMissingInputs } from '@rope/domain/ropes/missing-inputs';
import type { RopeDamages } from '@rope/domain/ropes/schemas';
import { and, eq, sql } from 'drizzle-orm';

export type { DamageView };

/** The stored damages of the ropes below a parent, aggregated in SQL (see toDamageView). */
export interface RopeDamageAggregate {
  max: number | null;
  unknown: number;
  missing: string[][] | null;
}

/**
 * The largest stored rope damage below a parent, how many ropes below it are unknown and what they lack, as one
 * SQL aggregate over the joined live ropes.
 */
export const ropeDamageAggregate = sql<RopeDamageAggregate>`json_build_object(
  'max', max((${ropes.damages}->>'damage')::double precision),
  'unknown', count(*) filter (where ${ropes.damages}->>'status' = 'unknown'),
  'missing', json_agg(${ropes.damages}->'missingInputs') filter (where ${ropes.damages}->>'status' = 'unknown'))`;

/**
 * An installation's or area's damage: unknown as soon as one rope below is (a known maximum beside it would read as
 * the worst case while it is not), else the largest damage; null while no rope has been assessed.
 */
export function toDamageView(aggregate: RopeDamageAggregate | null | undefined): DamageView {
  if (!aggregate) return null;
  if (aggregate.unknown > 0) {
    return {
      status: 'unknown',
      damage: null,
      health: null,
      missingInputs: mergeMissingInputs(aggregate.missing ?? []),
      unknownRopes: aggregate.unknown,
    };
  }
  if (aggregate.max === null) return null;
  return { status: 'computed', damage: aggregate.max, health: Math.min(100, Math.max(0, 100 - aggregate.max)) };
}

export function ropeDamageView(damages: RopeDamages | null): DamageView {
  if (!damages) return null;
  if (damages.status === 'unknown' || damages.damage === null || damages.health === null) {
    return {
      status: 'unknown',
      damage: null,
      health: null,
      missingInputs: mergeMissingInputs([damages.missingInputs]),
      unknownRopes: 1,
    };
  }
  return { status: 'computed', damage: damages.damage, health: damages.health };
}

/** The damage view of one installation or area, from its live ropes (GET /installations/{id}, /areas/{id}). */
export async function damageBelow(
  db: Db,
  parent: { installationId: number } | { areaId: number },
): Promise<DamageView> {
  const [row] = await db
    .select({ aggregate: ropeDamageAggregate })
    .from(ropes)
    .innerJoin(installations, eq(installations.id, ropes.installationId))
    .where(
      and(
        eq(ropes.isDeleted, false),
        eq(installations.isDeleted, false),
        'installationId' in parent
          ? eq(installations.id, parent.installationId)
          : eq(installations.areaId, parent.areaId),
      ),
    );
  return toDamageView(row?.aggregate);
}
