import { installations, ropes } from '@rope/db/schema/index';
import { eq } from 'drizzle-orm';
import { assertCan } from '../../http/guards.ts';
import type { ActionArgs } from '../action-args.ts';
import { deleteWithTruscanFiles } from '../hierarchy/index.ts';
import { findInstallation } from './internal.ts';

/** Admins only; ropes, events, tasks and notifications go with it (foreign keys cascade), then the ropes' TRUscan files. */
export async function deleteInstallation({ ctx, actor, input }: ActionArgs<{ id: number }>) {
  assertCan(actor, 'AREA_FULL_EDIT');
  const { installation } = await findInstallation(ctx, actor, input.id);
  await deleteWithTruscanFiles(ctx, eq(ropes.installationId, installation.id), (tx) =>
    tx.delete(installations).where(eq(installations.id, installation.id)),
  );
}
