import type { Db } from '@rope/db/client';
import { asc, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';

interface OrderedTable {
  table: PgTable;
  id: AnyPgColumn;
  parentId: AnyPgColumn;
  ordering: AnyPgColumn;
}

/**
 * Moves `movedId` before `beforeId` (or to the end when null) among the children of one parent, rewriting the
 * ordering 0..n in one transaction with the siblings locked, so two concurrent moves cannot interleave.
 */
export async function reorderBefore(
  db: Db,
  columns: OrderedTable,
  parentId: number,
  movedId: number,
  beforeId: number | null,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const siblings = (await tx
      .select({ id: columns.id })
      .from(columns.table)
      .where(eq(columns.parentId, parentId))
      .orderBy(asc(columns.ordering), asc(columns.id))
      .for('update')) as { id: number }[];
    const ids = siblings.map((row) => row.id).filter((id) => id !== movedId);
    if (beforeId !== null && !ids.includes(beforeId)) return false;
    ids.splice(beforeId === null ? ids.length : ids.indexOf(beforeId), 0, movedId);
    for (const [index, id] of ids.entries()) {
      // Both ordered tables call the column `ordering`.
      await tx
        .update(columns.table)
        .set({ ordering: index } as never)
        .where(eq(columns.id, id));
    }
    return true;
  });
}

export const nextOrdering = (column: AnyPgColumn) => sql<number>`coalesce(max(${column}) + 1, 0)`;
