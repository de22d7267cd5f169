import type { Db } from '@rope/db/client';
import { ropes, truscanMeasurements } from '@rope/db/schema/index';
import { inArray, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';

type Ctx = Pick<AppContext, 'db' | 'storage' | 'log'>;

/**
 * Deletes the ropes matching `ropesOf` with what hangs on them (`remove`, cascading foreign keys), then the stored
 * TRUscan files and traces of their measurements. The ropes are locked first: an upload to one of them either
 * committed before (its files are found here) or waits and then fails on the missing rope and removes its own files,
 * so a file of a rope that still exists is never removed. Files go after commit: a failed removal leaves an orphan
 * file, never a measurement without its file.
 */
export async function deleteWithTruscanFiles(ctx: Ctx, ropesOf: SQL, remove: (tx: Db) => Promise<unknown>) {
  const keys = await ctx.db.transaction(async (tx) => {
    const locked = await tx.select({ id: ropes.id }).from(ropes).where(ropesOf).for('update');
    const files =
      locked.length === 0
        ? []
        : await tx
            .select({ fileKey: truscanMeasurements.fileKey, traceKey: truscanMeasurements.traceKey })
            .from(truscanMeasurements)
            .where(
              inArray(
                truscanMeasurements.ropeId,
                locked.map((rope) => rope.id),
              ),
            );
    await remove(tx);
    return files.flatMap((file) => [file.fileKey, file.traceKey]);
  });
  await removeTruscanFiles(ctx, keys);
}

/** After the rows are gone: each file on its own, a failure logged as an orphan. */
export async function removeTruscanFiles(ctx: Pick<AppContext, 'storage' | 'log'>, keys: readonly string[]) {
  await Promise.all(
    keys.map((key) => ctx.storage.remove(key).catch((error) => ctx.log.warn({ error, key }, 'orphan file'))),
  );
}
