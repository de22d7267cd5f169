import { defineJob } from '../../infra/queue/define.ts';
import { EVALUATE_RULES } from '../notification-triggers/index.ts';
import { evaluateTrigger } from './evaluate.ts';

/** One change (event, damage, document, smartrope measurement) checked against the installation's rules. */
export const evaluateRulesJob = defineJob({
  ...EVALUATE_RULES,
  handle: (ctx, trigger) => evaluateTrigger(ctx, trigger),
});
