import { notificationSettingsBodySchema } from '@rope/domain/notification-rules';
import type { NotificationSettings, NotificationStatus } from '@rope/domain/notifications';
import { NOTIFICATION_RULE_TYPES, type NotificationRuleType, THRESHOLD_RANGES } from '@rope/domain/notifications';

/** One row of the rules table while editing: the type may still be blank, the threshold too. */
export interface RuleRow {
  type: NotificationRuleType | '';
  threshold: number | '';
  reset: boolean;
}

export interface SettingsForm {
  channels: string[];
  users: string[];
  rules: RuleRow[];
}

export interface SettingsBody {
  channels: NotificationSettings['channels'];
  users: number[];
  rules: { type: NotificationRuleType; threshold?: number; reset: boolean }[];
}

export type RuleErrors = Partial<Record<'type' | 'threshold', 'nonUniqueType' | 'required' | 'range'>>;

export const BLANK_RULE: RuleRow = { type: '', threshold: '', reset: true };

export function thresholdRange(type: RuleRow['type']): { min: number; max: number } | undefined {
  return type ? THRESHOLD_RANGES[type as keyof typeof THRESHOLD_RANGES] : undefined;
}

export function isRuleType(value: string | null | undefined): value is NotificationRuleType {
  return (NOTIFICATION_RULE_TYPES as readonly string[]).includes(value ?? '');
}

/** A row is complete with a type, and a threshold where its type needs one. */
export function isCompleteRule(rule: RuleRow): boolean {
  if (!rule.type) return false;
  return !thresholdRange(rule.type) || rule.threshold !== '';
}

/** A blank trailing row to add a rule in, offered only when every row is complete. */
export function withTrailingRow(rules: readonly RuleRow[]): RuleRow[] {
  return rules.every(isCompleteRule) ? [...rules, { ...BLANK_RULE }] : [...rules];
}

/** Per row: 'Non unique type' on a repeated type, a threshold required and in range for threshold rules. */
export function ruleErrors(rules: readonly RuleRow[]): RuleErrors[] {
  const seen = new Set<string>();
  return rules.map((rule) => {
    const errors: RuleErrors = {};
    if (!rule.type) return errors;
    if (seen.has(rule.type)) errors.type = 'nonUniqueType';
    seen.add(rule.type);
    const range = thresholdRange(rule.type);
    if (range) {
      if (rule.threshold === '') errors.threshold = 'required';
      else if (rule.threshold < range.min || rule.threshold > range.max) errors.threshold = 'range';
    }
    return errors;
  });
}

/** The domain's verdict on where the rules go (the API gives the same): a channel and a recipient once there is a rule. */
export function deliveryErrors(form: SettingsForm): Partial<Record<'channels' | 'users', string>> {
  const result = notificationSettingsBodySchema.safeParse(toBody(form));
  const errors: Partial<Record<'channels' | 'users', string>> = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0];
    if (issue.path.length === 1 && (field === 'channels' || field === 'users')) errors[field] ??= issue.message;
  }
  return errors;
}

export function hasErrors(errors: readonly RuleErrors[]): boolean {
  return errors.some((entry) => Object.keys(entry).length > 0);
}

export function toForm(settings: NotificationSettings | null): SettingsForm {
  const rules: RuleRow[] = (settings?.rules ?? []).map((rule) => ({
    type: rule.type,
    threshold: rule.threshold ?? '',
    reset: rule.reset,
  }));
  return {
    channels: [...(settings?.channels ?? [])],
    users: (settings?.users ?? []).map(String),
    rules: withTrailingRow(rules),
  };
}

/** The PATCH body: rows without a type are dropped, thresholds only where the type has one. */
export function toBody(form: SettingsForm): SettingsBody {
  return {
    channels: form.channels.filter((channel): channel is 'email' | 'sms' => channel === 'email' || channel === 'sms'),
    users: form.users.map(Number).filter((id) => Number.isInteger(id) && id > 0),
    rules: form.rules.flatMap((rule) => {
      if (!rule.type) return [];
      const threshold = thresholdRange(rule.type) && rule.threshold !== '' ? { threshold: rule.threshold } : {};
      return [{ type: rule.type, ...threshold, reset: rule.reset }];
    }),
  };
}

/** Whether a rule type is enabled in a status list: a type without an entry is enabled. */
export function isTypeEnabled(status: NotificationStatus, type: string): boolean {
  return !status.some((entry) => entry.type === type && !entry.isEnabled);
}

/** One entry per configured rule type, as the status dialog sends it. */
export function statusFor(
  settings: NotificationSettings | null,
  status: NotificationStatus,
  changed: Readonly<Record<string, boolean>> = {},
): NotificationStatus {
  return (settings?.rules ?? []).map((rule) => ({
    type: rule.type,
    isEnabled: changed[rule.type] ?? isTypeEnabled(status, rule.type),
  }));
}
