import { areas, installations, ropes } from '@rope/db/schema/index';
import type { DamageView } from '@rope/domain/hierarchy/views';
import { mergeMissingInputs } from '@rope/domain/ropes/missing-inputs';
import type { RopeDamages } from '@rope/domain/ropes/schemas';
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

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

/** The installations of the outer query's area, named apart from any `installations` of the outer query. */
const BELOW = 'installations_below';
const liveBelow = alias(installations, BELOW);

/**
 * The aggregate of the live ropes below the installation or area row of the surrounding query, as a column of it: the
 * row and its damage in one statement (GET /installations/{id}, /areas/{id}). A deleted installation has none.
 */
export function damageBelowColumn(parent: 'installation' | 'area') {
  const below =
    parent === 'installation'
      ? sql`${ropes.installationId} = ${installations.id} and not ${installations.isDeleted}`
      : sql`${ropes.installationId} in (select ${liveBelow.id} from ${installations} as ${sql.identifier(BELOW)}
          where ${liveBelow.areaId} = ${areas.id} and not ${liveBelow.isDeleted})`;
  return sql<RopeDamageAggregate>`(select ${ropeDamageAggregate} from ${ropes} where not ${ropes.isDeleted} and ${below})`;
}
