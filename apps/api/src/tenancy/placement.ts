import { areas, installations, ropes } from '@rope/db/schema/index';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core';

/**
 * Joins a query on `ropes` to the rope's installation and area: the tables that place a rope and, through the
 * area's mandator, decide who sees it (`areaVisibleTo`, `preparedVisible`). The query must be in dynamic mode.
 */
export function joinPlacement<Query extends PgSelect>(query: Query) {
  return query
    .innerJoin(installations, eq(installations.id, ropes.installationId))
    .innerJoin(areas, eq(areas.id, installations.areaId));
}

/**
 * The same for something mounted on a rope through `ropeIdColumn` (a sensor device, a smartrope): left joins, so one
 * on no rope is found too (with null rope, installation and area).
 */
export function joinMountPlacement<Query extends PgSelect>(query: Query, ropeIdColumn: AnyPgColumn) {
  return query
    .leftJoin(ropes, eq(ropes.id, ropeIdColumn))
    .leftJoin(installations, eq(installations.id, ropes.installationId))
    .leftJoin(areas, eq(areas.id, installations.areaId));
}

/** The names a query written in SQL gives the rope, its installation and its area. */
export interface PlacementNames {
  rope: string;
  installation: string;
  area: string;
}

const SHORT_NAMES: PlacementNames = { rope: 'r', installation: 'i', area: 'a' };

/**
 * The same join for a query written in SQL, after a rope named `names.rope` is in it: `join installations i ... join
 * areas a ...`. A query whose visibility names the tables themselves passes their own names.
 */
export function joinPlacementSql(names: PlacementNames = SHORT_NAMES): SQL {
  const rope = sql.identifier(names.rope);
  const installation = sql.identifier(names.installation);
  const area = sql.identifier(names.area);
  return sql`join installations ${installation} on ${installation}.id = ${rope}.installation_id
    join areas ${area} on ${area}.id = ${installation}.area_id`;
}
