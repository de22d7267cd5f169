import { NOTIFICATION_RULE_TYPES, type NotificationRuleType, THRESHOLD_RANGES } from '@rope/domain/notifications/kinds';
import { notificationSettingsBodySchema } from '@rope/domain/notifications/rules';
import type { NotificationSettings, NotificationStatus } from '@rope/domain/notifications/schemas';
import { isMuted } from '@rope/domain/notifications/status';
import type { z } from 'zod';
import type { DomainFormSpec } from '../../lib/domain-form';

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

/** The PATCH body: rows without a type dropped, thresholds only where the type has one. */
export type SettingsBody = z.output<typeof notificationSettingsBodySchema>;

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

/**
 * The schema's input, one rule per row so an issue names its row: a blank type is no type (the schema drops that rule),
 * a threshold only where the type has one.
 */
export function toInput(form: SettingsForm) {
  return {
    channels: form.channels.filter((channel): channel is 'email' | 'sms' => channel === 'email' || channel === 'sms'),
    users: form.users.map(Number).filter((id) => Number.isInteger(id) && id > 0),
    rules: form.rules.map((rule) => ({
      type: rule.type || undefined,
      threshold: thresholdRange(rule.type) && rule.threshold !== '' ? rule.threshold : undefined,
      reset: rule.reset,
    })),
  };
}

/** The settings dialog on the domain's rules, which the API checks the same way. */
export const settingsFormSpec: DomainFormSpec<SettingsForm, SettingsBody> = {
  schema: notificationSettingsBodySchema,
  toInput,
  entity: 'notificationSettings',
};

/**
 * Whether a problem shows before a save was tried: a repeated type or a threshold out of range shows at once, while a
 * missing threshold and a missing channel or recipient wait, so a fresh dialog does not open full of red.
 */
export function showsBeforeSave(field: string, key: string): boolean {
  return field.startsWith('rules.') && key !== 'validation.required';
}

/** One entry per configured rule type, as the status dialog sends it. */
export function statusFor(
  settings: NotificationSettings | null,
  status: NotificationStatus,
  changed: Readonly<Record<string, boolean>> = {},
): NotificationStatus {
  return (settings?.rules ?? []).map((rule) => ({
    type: rule.type,
    isEnabled: changed[rule.type] ?? !isMuted(status, rule.type),
  }));
}
