import type { Db } from '@rope/db/client';
import { installations, notificationRuleStates } from '@rope/db/schema/index';
import type { NotificationSettings } from '@rope/domain/notifications';
import type { Actor } from '@rope/domain/permissions';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import { assertWritable, findInstallation } from '../hierarchy/scope.ts';
import { peopleWhoSeeArea } from './recipients.ts';

export const RECIPIENT_REFUSED = 'Recipients must be people who see this installation';

/** Saves the settings; a threshold rule whose threshold or reset changed starts armed again for every rope. */
export async function updateSettings({
  ctx,
  actor,
  id,
  input,
}: {
  ctx: AppContext;
  actor: Actor;
  id: number;
  input: NotificationSettings;
}): Promise<NotificationSettings> {
  const { installation, area } = await findInstallation(ctx, actor, id);
  assertWritable([installation, area]);
  const users = [...new Set(input.users)];
  const allowed = new Set(await peopleWhoSeeArea(ctx.db, area.mandatorId, users));
  const refused = users.filter((userId) => !allowed.has(userId));
  if (refused.length) {
    throw new AppError('VALIDATION', RECIPIENT_REFUSED, { users: `${RECIPIENT_REFUSED}: ${refused.join(', ')}` });
  }
  const settings = { ...input, channels: [...new Set(input.channels)], users };
  const changed = changedRuleTypes(installation.notificationSettings, settings);
  await ctx.db.transaction(async (tx) => {
    await tx.update(installations).set({ notificationSettings: settings }).where(eq(installations.id, installation.id));
    await rearm(tx, installation.id, changed);
  });
  return settings;
}

function changedRuleTypes(before: NotificationSettings | null, after: NotificationSettings): string[] {
  return (before?.rules ?? [])
    .filter((old) => {
      const now = after.rules.find((rule) => rule.type === old.type);
      return !now || now.threshold !== old.threshold || now.reset !== old.reset;
    })
    .map((rule) => rule.type);
}

/** Forgets the arming of these rule types (all of them when none are named). */
export async function rearm(db: Db, installationId: number, ruleTypes?: string[]) {
  if (ruleTypes?.length === 0) return;
  await db
    .delete(notificationRuleStates)
    .where(
      and(
        eq(notificationRuleStates.installationId, installationId),
        ruleTypes ? inArray(notificationRuleStates.ruleType, ruleTypes) : undefined,
      ),
    );
}
