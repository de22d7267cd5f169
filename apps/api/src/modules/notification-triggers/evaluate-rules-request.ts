import { notificationTriggerSchema } from '@rope/domain/notifications/triggers';
import type { JobContract } from '../../infra/queue/define.ts';

/**
 * The job that checks one change against the installation's notification rules, as those who ask for it know it:
 * where it runs and what it carries. Its work is the notifications module's (`evaluateRulesJob`), so a module that
 * reports a change never imports the rules' evaluation, which reads ropes, installations and tasks.
 */
export const EVALUATE_RULES = {
  queue: 'notifications',
  name: 'evaluate',
  payload: notificationTriggerSchema,
} as const satisfies JobContract<Record<string, unknown>>;
