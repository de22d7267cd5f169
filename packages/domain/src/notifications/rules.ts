import { z } from 'zod';
import { alongFieldIssues } from '../common.ts';
import { ruleIssue } from '../messages.ts';
import {
  type NotificationRule,
  type NotificationSettings,
  type NotificationStatus,
  notificationRuleSchema,
  notificationSettingsSchema,
  THRESHOLD_RANGES,
} from './schemas.ts';
import { isMuted } from './status.ts';
import { type NotificationTrigger, notificationKey } from './triggers.ts';

export { notificationStatusColour } from './status.ts';

/**
 * The settings dialog's rules: unique types, thresholds required in range; rules without a type are dropped (after the
 * checks, so an issue's path names the rule as sent). Rules need somewhere to go: with any rule at least one channel
 * and one recipient are required.
 */
export const notificationSettingsBodySchema = z
  .object({
    channels: notificationSettingsSchema.shape.channels,
    users: notificationSettingsSchema.shape.users,
    rules: z.array(notificationRuleSchema.partial({ type: true })).max(60),
  })
  .superRefine((settings, ctx) => {
    const sent = Array.isArray(settings.rules) ? settings.rules : [];
    const rules = sent.filter((rule) => rule?.type);
    if (rules.length > 0 && settings.channels?.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['channels'], ...ruleIssue('validation.channelRequired') });
    }
    if (rules.length > 0 && settings.users?.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['users'], ...ruleIssue('validation.recipientRequired') });
    }
    const seen = new Set<string>();
    sent.forEach((rule, index) => {
      if (!rule?.type) return;
      if (seen.has(rule.type)) {
        ctx.addIssue({ code: 'custom', path: ['rules', index, 'type'], ...ruleIssue('validation.nonUniqueType') });
      }
      seen.add(rule.type);
      const range = THRESHOLD_RANGES[rule.type as keyof typeof THRESHOLD_RANGES];
      if (!range) return;
      if (rule.threshold === undefined) {
        ctx.addIssue({ code: 'custom', path: ['rules', index, 'threshold'], ...ruleIssue('validation.required') });
      } else if (rule.threshold < range.min || rule.threshold > range.max) {
        ctx.addIssue({
          code: 'custom',
          path: ['rules', index, 'threshold'],
          ...ruleIssue('validation.between', range),
        });
      }
    });
  }, alongFieldIssues)
  .transform((settings) => ({
    ...settings,
    rules: settings.rules.filter((rule): rule is NotificationRule => Boolean(rule.type)),
  }));

export interface RuleState {
  isArmed: boolean;
}

export interface FiredRule {
  type: string;
  threshold?: number;
  /** One key per trigger and rule: the same trigger processed twice notifies once. */
  idempotencyKey: string;
  value?: number;
}

export interface Evaluation {
  fired: FiredRule[];
  /** New arming state of threshold rules for the trigger's rope. */
  states: { ruleType: string; isArmed: boolean; value: number }[];
}

/**
 * Which rules of an installation fire for one trigger. Threshold rules fire once when crossed and
 * re-arm when the value recovers (reset) or never again for that rope (no reset). Muted rules fire nothing, but
 * their arming still follows the value, so unmuting does not replay an old crossing. An unknown rope health
 * (null) changes nothing: see docs/notifications.md.
 */
export function evaluateRules(
  installationId: number,
  settings: NotificationSettings | null,
  status: NotificationStatus,
  trigger: NotificationTrigger,
  states: ReadonlyMap<string, RuleState>,
): Evaluation {
  const evaluation: Evaluation = { fired: [], states: [] };
  for (const rule of settings?.rules ?? []) {
    const muted = isMuted(status, rule.type);
    const key = notificationKey(installationId, rule.type, trigger);
    if (rule.type === 'ropeHealth' || rule.type === 'smartropeThreshold') {
      const value =
        trigger.kind === 'health' && rule.type === 'ropeHealth'
          ? trigger.health
          : trigger.kind === 'smartrope' && rule.type === 'smartropeThreshold'
            ? trigger.value
            : undefined;
      // Unknown health (a rule set input missing) is neither a crossing nor a recovery: the rule keeps its state, so
      // completing the settings later fires it if the rope is then below the threshold, once.
      if (value === undefined || value === null || rule.threshold === undefined) continue;
      const crossed = rule.type === 'ropeHealth' ? value < rule.threshold : value > rule.threshold;
      const armed = states.get(rule.type)?.isArmed ?? true;
      let isArmed = armed;
      if (crossed && armed) {
        if (!muted) evaluation.fired.push({ type: rule.type, threshold: rule.threshold, idempotencyKey: key, value });
        isArmed = false;
      } else if (!crossed && !armed && rule.reset) {
        isArmed = true;
      }
      // A smartrope event is a whole peak: where its value settled back below the threshold, the rule re-arms in the
      // same step, so each event over the threshold notifies once, and the next one again.
      const settled =
        trigger.kind === 'smartrope' && rule.type === 'smartropeThreshold' ? trigger.settledValue : undefined;
      if (!isArmed && rule.reset && settled !== undefined && settled <= rule.threshold) isArmed = true;
      if (isArmed !== armed) evaluation.states.push({ ruleType: rule.type, isArmed, value: settled ?? value });
      continue;
    }
    if (muted) continue;
    if (rule.type === 'newDocument' && trigger.kind === 'document')
      evaluation.fired.push({ type: rule.type, idempotencyKey: key });
    if (trigger.kind === 'event' && (rule.type === trigger.recordingType || rule.type === trigger.type)) {
      evaluation.fired.push({ type: rule.type, idempotencyKey: key });
    }
  }
  return evaluation;
}

/** PATCH .../notification-setting: channels, users and rules as sent replace the stored ones; the rest stays. */
export const notificationSettingsPatchSchema = z.object({
  channels: notificationSettingsSchema.shape.channels.removeDefault().optional(),
  users: notificationSettingsSchema.shape.users.removeDefault().optional(),
  rules: z
    .array(notificationRuleSchema.partial({ type: true }))
    .max(60)
    .optional(),
});
export type NotificationSettingsPatch = z.output<typeof notificationSettingsPatchSchema>;
