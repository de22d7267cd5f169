import { z } from 'zod';
import { idSchema } from '../common.ts';
import { NOTIFICATION_CHANNELS, NOTIFICATION_RULE_TYPES } from './kinds.ts';

export {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_LIST_DEFAULT_LIMIT,
  NOTIFICATION_LIST_LIMITS,
  NOTIFICATION_RULE_TYPES,
  type NotificationListLimit,
  type NotificationRuleType,
  THRESHOLD_RANGES,
} from './kinds.ts';

export const notificationRuleSchema = z.object({
  type: z.enum(NOTIFICATION_RULE_TYPES),
  threshold: z.number().finite().min(0).max(1000).optional(),
  reset: z.boolean().default(true),
});
export type NotificationRule = z.infer<typeof notificationRuleSchema>;

export const notificationSettingsSchema = z.object({
  channels: z.array(z.enum(NOTIFICATION_CHANNELS)).max(2).default([]),
  users: z.array(idSchema).max(1000).default([]),
  rules: z.array(notificationRuleSchema).max(NOTIFICATION_RULE_TYPES.length).default([]),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const notificationStatusSchema = z
  .array(z.object({ type: z.enum(NOTIFICATION_RULE_TYPES), isEnabled: z.boolean() }))
  .max(NOTIFICATION_RULE_TYPES.length);
export type NotificationStatus = z.infer<typeof notificationStatusSchema>;
