import { integerTextSchema } from '@rope/domain/common';
import { keyed, ruleIssue } from '@rope/domain/messages';
import {
  NOTIFICATION_LIST_DEFAULT_LIMIT,
  NOTIFICATION_LIST_LIMITS,
  notificationStatusSchema,
} from '@rope/domain/notifications/schemas';
import { z } from 'zod';

export const limitQuerySchema = z.object({
  limit: integerTextSchema(1, Math.max(...NOTIFICATION_LIST_LIMITS))
    .pipe(
      z.union(
        NOTIFICATION_LIST_LIMITS.map((limit) => z.literal(limit)),
        keyed('validation.oneOf', { values: NOTIFICATION_LIST_LIMITS.join(', ') }),
      ),
    )
    .default(NOTIFICATION_LIST_DEFAULT_LIMIT)
    // The pipe above takes only these: the OpenAPI document states them rather than any integer text.
    .meta({ enum: NOTIFICATION_LIST_LIMITS.map(String) }),
});

/** One entry per type: two entries of one type would leave it unclear whether the rule is muted. */
export const statusBodySchema = z.object({
  notificationStatus: notificationStatusSchema.superRefine((entries, ctx) => {
    const seen = new Set<string>();
    entries.forEach((entry, index) => {
      if (seen.has(entry.type)) {
        ctx.addIssue({ code: 'custom', path: [index, 'type'], ...ruleIssue('validation.nonUniqueType') });
      }
      seen.add(entry.type);
    });
  }),
});

export { type NotificationView, notificationListSchema } from '@rope/domain/notifications/views';
