import { z } from 'zod';
import { idSchema } from './common.ts';
import { EVENT_TYPES, RECORDING_TYPES } from './events.ts';

export const NOTIFICATION_CHANNELS = ['email', 'sms'] as const;
/** How many notifications a list shows at once, the first the default. */
export const NOTIFICATION_LIST_LIMITS = [10, 20, 50, 100] as const;
export type NotificationListLimit = (typeof NOTIFICATION_LIST_LIMITS)[number];
export const NOTIFICATION_LIST_DEFAULT_LIMIT: NotificationListLimit = NOTIFICATION_LIST_LIMITS[0];
export const NOTIFICATION_RULE_TYPES = [
  'ropeHealth',
  'newDocument',
  'smartropeThreshold',
  ...RECORDING_TYPES,
  ...EVENT_TYPES,
] as const;
export type NotificationRuleType = (typeof NOTIFICATION_RULE_TYPES)[number];
export const THRESHOLD_RANGES = {
  ropeHealth: { min: 0, max: 100 },
  smartropeThreshold: { min: 0, max: 1000 },
} as const;

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
