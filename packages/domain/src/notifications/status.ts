import type { NotificationSettings, NotificationStatus } from './schemas.ts';

// The status of an installation's or rope's rules, without zod: the status button shows it on every rope page.

/** Whether the status turns the rule type off. */
export function isMuted(status: NotificationStatus, type: string): boolean {
  return status.some((entry) => entry.type === type && !entry.isEnabled);
}

/** The status button: default when every rule is enabled or none exist, warning when some, error when all are off. */
export function notificationStatusColour(
  settings: NotificationSettings | null,
  status: NotificationStatus,
): 'default' | 'warning' | 'error' {
  const rules = settings?.rules ?? [];
  if (rules.length === 0) return 'default';
  const disabled = rules.filter((rule) => isMuted(status, rule.type)).length;
  if (disabled === 0) return 'default';
  return disabled === rules.length ? 'error' : 'warning';
}
