import { ropes } from '@rope/db/schema/index';
import { eq } from 'drizzle-orm';
import { assertCan } from '../../http/guards.ts';
import type { ActionArgs } from '../action-args.ts';
import { deleteWithTruscanFiles } from '../hierarchy/index.ts';
import { findRope } from './internal.ts';

/** Admins only; events, tasks and notifications go with it through the cascading foreign keys, then its TRUscan files. */
export async function deleteRope({ ctx, actor, input }: ActionArgs<{ id: number }>) {
  assertCan(actor, 'AREA_FULL_EDIT');
  const { rope } = await findRope(ctx, actor, input.id);
  await deleteWithTruscanFiles(ctx, eq(ropes.id, rope.id), (tx) => tx.delete(ropes).where(eq(ropes.id, rope.id)));
}
