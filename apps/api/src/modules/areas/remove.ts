import { areas, installations, ropes } from '@rope/db/schema/index';
import { eq, inArray } from 'drizzle-orm';
import { assertCan } from '../../http/guards.ts';
import type { ActionArgs } from '../action-args.ts';
import { deleteWithTruscanFiles } from '../hierarchy/index.ts';
import { findArea } from './internal.ts';

/** Admins only; installations, ropes, events and tasks go with it (foreign keys cascade), then the ropes' TRUscan files. */
export async function deleteArea({ ctx, actor, input }: ActionArgs<{ id: number }>) {
  assertCan(actor, 'AREA_FULL_EDIT');
  const { area } = await findArea(ctx, actor, input.id);
  const installationsOfArea = ctx.db
    .select({ id: installations.id })
    .from(installations)
    .where(eq(installations.areaId, area.id));
  await deleteWithTruscanFiles(ctx, inArray(ropes.installationId, installationsOfArea), (tx) =>
    tx.delete(areas).where(eq(areas.id, area.id)),
  );
}
