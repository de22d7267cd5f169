import type { Db } from '@rope/db/client';
import { areas, installations, ropes } from '@rope/db/schema/index';
import type { Actor } from '@rope/domain/access/actor';
import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResult } from 'drizzle-orm/query-builders/select.types';
import { joinPlacement } from '../../tenancy/placement.ts';
import { areaVisibleTo } from '../../tenancy/scope.ts';

/** The rows as selected: the three tables are inner-joined, so none of their columns turns nullable. */
type Rows<Fields extends SelectedFields> = SelectResult<
  Fields,
  'partial',
  Record<'ropes' | 'installations' | 'areas', 'not-null'>
>[];

/**
 * The live ropes (rope, installation and area not deleted) of the areas the viewer sees, joined to their installation
 * and area, in the dashboard's order (area name, installation, rope): `fields` picks the columns, `where` narrows.
 */
export function liveRopesVisibleTo<Fields extends SelectedFields>(
  db: Db,
  viewer: Actor,
  fields: Fields,
  where?: SQL,
): Promise<Rows<Fields>> {
  // Drizzle's builder types do not follow a generic selection through the joins; the rows are as selected.
  const query = joinPlacement(
    db
      .select(fields as SelectedFields)
      .from(ropes)
      .$dynamic(),
  )
    .where(
      and(
        areaVisibleTo(viewer),
        eq(ropes.isDeleted, false),
        eq(installations.isDeleted, false),
        eq(areas.isDeleted, false),
        where,
      ),
    )
    .orderBy(asc(areas.name), asc(installations.ordering), asc(ropes.ordering), asc(ropes.id));
  return query as unknown as Promise<Rows<Fields>>;
}
