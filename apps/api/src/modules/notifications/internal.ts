import type { Db } from '@rope/db/client';
import { notificationRuleStates } from '@rope/db/schema/index';
import { and, eq, inArray } from 'drizzle-orm';

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
