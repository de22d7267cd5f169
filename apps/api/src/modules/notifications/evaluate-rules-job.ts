import { notificationTriggerSchema } from '@rope/domain/notifications/triggers';
import { defineJob } from '../../infra/queue/define.ts';
import { evaluateTrigger } from './evaluate.ts';

/** One change (event, damage, document, smartrope measurement) checked against the installation's rules. */
export const evaluateRulesJob = defineJob({
  queue: 'notifications',
  name: 'evaluate',
  payload: notificationTriggerSchema,
  handle: (ctx, trigger) => evaluateTrigger(ctx, trigger),
});
