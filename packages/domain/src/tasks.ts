import { z } from 'zod';

export const TASK_STATUSES = ['new', 'in-progress', 'done'] as const;
export const TASK_COMPONENTS = ['rope', 'splice', 'truscan'] as const;
export const INSPECTION_TYPES = ['A (1 m/s)', 'B (0 m/s)', 'C (0.3 m/s)'] as const;
export const CONDITION_TYPES = ['bendingCycles', 'periodDays', 'periodWeeks', 'periodMonths', 'periodYears'] as const;
export const PERIOD_TYPES = ['periodDays', 'periodWeeks', 'periodMonths', 'periodYears'] as const;
export const TASK_TITLE_MAX = 200;
export const TASK_TEXT_MAX = 65_536;

export const conditionSchema = z.object({
  type: z.enum(CONDITION_TYPES),
  threshold: z.number().finite().positive().max(999_999_999_999),
});
export type TaskCondition = z.infer<typeof conditionSchema>;

export const taskAttributesSchema = z.object({
  title: z.string().trim().min(1).max(TASK_TITLE_MAX),
  description: z.string().min(1).max(TASK_TEXT_MAX),
  status: z.enum(TASK_STATUSES).default('new'),
  dueAt: z.iso.datetime({ offset: true }).optional(),
  dueCondition: conditionSchema.optional(),
  isRecurring: z.boolean().default(false),
  recurringConditions: z.array(conditionSchema).max(CONDITION_TYPES.length).default([]),
  isInternal: z.boolean().default(false),
  component: z.enum(TASK_COMPONENTS).optional(),
  inspectionType: z.enum(INSPECTION_TYPES).optional(),
});
export type TaskAttributes = z.infer<typeof taskAttributesSchema>;
