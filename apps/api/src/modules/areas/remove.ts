import { areas } from '@rope/db/schema/index';
import { eq } from 'drizzle-orm';
import { assertCan } from '../../http/guards.ts';
import type { ActionArgs } from '../action-args.ts';
import { findArea } from './internal.ts';

/** Admins only; installations, ropes, events and tasks go with it (foreign keys cascade) in this one statement. */
export async function deleteArea({ ctx, actor, input }: ActionArgs<{ id: number }>) {
  assertCan(actor, 'AREA_FULL_EDIT');
  const { area } = await findArea(ctx, actor, input.id);
  await ctx.db.delete(areas).where(eq(areas.id, area.id));
}
