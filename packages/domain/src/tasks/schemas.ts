import { z } from 'zod';
import { isoDateTime } from '../common.ts';
import {
  CONDITION_TYPES,
  INSPECTION_TYPES,
  TASK_COMPONENTS,
  TASK_STATUSES,
  TASK_TEXT_MAX,
  TASK_TITLE_MAX,
} from './kinds.ts';

export {
  CONDITION_TYPES,
  INSPECTION_TYPES,
  PERIOD_TYPES,
  TASK_COMPONENTS,
  TASK_STATUSES,
  TASK_TEXT_MAX,
  TASK_TITLE_MAX,
} from './kinds.ts';

export const conditionSchema = z.object({
  type: z.enum(CONDITION_TYPES),
  threshold: z.number().finite().positive().max(999_999_999_999),
});
export type TaskCondition = z.infer<typeof conditionSchema>;

export const taskAttributesSchema = z.object({
  title: z.string().trim().min(1).max(TASK_TITLE_MAX),
  description: z.string().min(1).max(TASK_TEXT_MAX),
  status: z.enum(TASK_STATUSES).default('new'),
  dueAt: isoDateTime.optional(),
  dueCondition: conditionSchema.optional(),
  isRecurring: z.boolean().default(false),
  recurringConditions: z.array(conditionSchema).max(CONDITION_TYPES.length).default([]),
  isInternal: z.boolean().default(false),
  component: z.enum(TASK_COMPONENTS).optional(),
  inspectionType: z.enum(INSPECTION_TYPES).optional(),
});
export type TaskAttributes = z.infer<typeof taskAttributesSchema>;
