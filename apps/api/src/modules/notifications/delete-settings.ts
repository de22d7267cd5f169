import { installations } from '@rope/db/schema/index';
import type { Actor } from '@rope/domain/permissions';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { assertWritable, findInstallation } from '../hierarchy/scope.ts';
import { rearm } from './update-settings.ts';

/** 'Really delete the settings?': no rules, no recipients; the past notifications stay. */
export async function deleteSettings({ ctx, actor, id }: { ctx: AppContext; actor: Actor; id: number }) {
  const { installation, area } = await findInstallation(ctx, actor, id);
  assertWritable([installation, area]);
  await ctx.db.transaction(async (tx) => {
    await tx.update(installations).set({ notificationSettings: null }).where(eq(installations.id, installation.id));
    await rearm(tx, installation.id);
  });
}
