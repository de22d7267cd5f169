import { installations } from '@rope/db/schema/index';
import { eq } from 'drizzle-orm';
import { assertCan } from '../../http/guards.ts';
import { assertWritable } from '../../tenancy/scope.ts';
import type { ActionArgs } from '../action-args.ts';
import { findInstallation } from '../installations/index.ts';
import { rearm } from './internal.ts';

/** 'Really delete the settings?': no rules, no recipients; the past notifications stay. */
export async function deleteSettings({ ctx, actor, input }: ActionArgs<{ id: number }>) {
  assertCan(actor, 'AREA_PARTIAL_EDIT');
  const { installation, area } = await findInstallation(ctx, actor, input.id);
  assertWritable([installation, area]);
  await ctx.db.transaction(async (tx) => {
    await tx.update(installations).set({ notificationSettings: null }).where(eq(installations.id, installation.id));
    await rearm(tx, installation.id);
  });
}
