// The notification rules' choices and limits, without zod: the rope page's notification list uses them before any
// schema.
import { EVENT_TYPES, RECORDING_TYPES } from '../events/kinds.ts';

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
