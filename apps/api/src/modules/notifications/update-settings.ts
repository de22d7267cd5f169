import { installations } from '@rope/db/schema/index';
import { message } from '@rope/domain/messages';
import { type NotificationSettingsPatch, notificationSettingsBodySchema } from '@rope/domain/notifications/rules';
import { type NotificationSettings, notificationSettingsSchema } from '@rope/domain/notifications/schemas';
import { eq } from 'drizzle-orm';
import { AppError } from '../../http/app-error.ts';
import { applyPatch } from '../../http/apply-patch.ts';
import { assertCan } from '../../http/guards.ts';
import { assertWritable } from '../../tenancy/scope.ts';
import type { ActionArgs } from '../action-args.ts';
import { findInstallation } from '../installations/index.ts';
import { rearm } from './internal.ts';
import { peopleWhoSeeArea } from './recipients.ts';

/**
 * Any part of the installation's settings as GET answers them; a threshold rule whose threshold or reset changed
 * starts armed again for every rope.
 */
export async function updateSettings({
  ctx,
  actor,
  input: sent,
}: ActionArgs<{ id: number; patch: NotificationSettingsPatch }>): Promise<{
  notificationSettings: NotificationSettings;
}> {
  assertCan(actor, 'AREA_PARTIAL_EDIT');
  const { installation, area } = await findInstallation(ctx, actor, sent.id);
  const current = notificationSettingsSchema.parse(installation.notificationSettings ?? {});
  const { value: input, changed } = applyPatch({
    entity: 'notificationSettings',
    current,
    patch: sent.patch,
    schema: notificationSettingsBodySchema,
  });
  if (changed.length === 0 && installation.notificationSettings) return { notificationSettings: current };
  assertWritable([installation, area]);
  const users = [...new Set(input.users)];
  const allowed = new Set(await peopleWhoSeeArea(ctx.db, area.mandatorId, users));
  const refused = users.filter((userId) => !allowed.has(userId));
  if (refused.length) {
    throw new AppError('VALIDATION', message('app.errors.recipientsRefused'), {
      users: message('app.errors.recipientsRefusedIds', { users: refused.join(', ') }),
    });
  }
  const settings = { ...input, channels: [...new Set(input.channels)], users };
  const changedRules = changedRuleTypes(installation.notificationSettings, settings);
  await ctx.db.transaction(async (tx) => {
    await tx.update(installations).set({ notificationSettings: settings }).where(eq(installations.id, installation.id));
    await rearm(tx, installation.id, changedRules);
  });
  return { notificationSettings: settings };
}

function changedRuleTypes(before: NotificationSettings | null, after: NotificationSettings): string[] {
  return (before?.rules ?? [])
    .filter((old) => {
      const now = after.rules.find((rule) => rule.type === old.type);
      return !now || now.threshold !== old.threshold || now.reset !== old.reset;
    })
    .map((rule) => rule.type);
}
