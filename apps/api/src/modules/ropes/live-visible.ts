import type { Db } from '@rope/db/client';
import { areas, installations, ropes } from '@rope/db/schema/index';
import type { Actor } from '@rope/domain/access/actor';
import { and, asc, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResult } from 'drizzle-orm/query-builders/select.types';
import { flagIs } from '../../infra/prepared.ts';
import { joinPlacement } from '../../tenancy/placement.ts';
import { preparedVisible } from '../../tenancy/visible-query.ts';

/** The rows as selected: the three tables are inner-joined, so none of their columns turns nullable. */
type Rows<Fields extends SelectedFields> = SelectResult<
  Fields,
  'partial',
  Record<'ropes' | 'installations' | 'areas', 'not-null'>
>[];

/**
 * A read of the live ropes (rope, installation and area not deleted) of the areas a viewer sees, joined to their
 * installation and area, in the dashboard's order (area name, installation, rope), prepared once as `name`: `fields`
 * picks the columns, `where` narrows. The answer reads them for one viewer.
 */
export function liveVisibleRopesRead<Fields extends SelectedFields>(
  name: string,
  fields: Fields,
  where?: (db: Db) => SQL,
): (db: Db, viewer: Actor) => Promise<Rows<Fields>> {
  const prepared = preparedVisible((db, visible) =>
    // Drizzle's builder types do not follow a generic selection through the joins; the rows are as selected.
    joinPlacement(
      db
        .select(fields as SelectedFields)
        .from(ropes)
        .$dynamic(),
    )
      .where(
        and(
          visible.where,
          flagIs(ropes.isDeleted, false),
          flagIs(installations.isDeleted, false),
          flagIs(areas.isDeleted, false),
          where?.(db),
        ),
      )
      .orderBy(asc(areas.name), asc(installations.ordering), asc(ropes.ordering), asc(ropes.id))
      .prepare(visible.name(name)),
  );
  return (db, viewer) => prepared(db, viewer).execute() as unknown as Promise<Rows<Fields>>;
}
