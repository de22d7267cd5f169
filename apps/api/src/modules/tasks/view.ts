import { taskAttributesSchema } from '@rope/domain/tasks';
import { z } from 'zod';

export const taskViewSchema = z.object({
  id: z.number(),
  rope: z.object({ id: z.number(), name: z.string().optional() }),
  installation: z.object({ id: z.number(), name: z.string() }).optional(),
  area: z.object({ id: z.number(), name: z.string() }).optional(),
  event: z.object({ id: z.number() }).nullable(),
  assignedUsers: z.array(z.object({ id: z.number(), name: z.string() })),
  attributes: taskAttributesSchema,
  title: z.string(),
  description: z.string(),
  status: z.string(),
  dueAt: z.string().nullable(),
  pastDue: z.boolean(),
  createdAt: z.string(),
});
export type TaskView = z.infer<typeof taskViewSchema>;

export const taskNoteSchema = z.object({
  timestamp: z.string(),
  user: z.object({ name: z.string() }),
  note: z.string(),
});
