import { z } from 'zod';
import { ROLES } from '../access/roles.ts';
import { namedRefSchema } from '../hierarchy/views.ts';
import { taskAttributesSchema } from './schemas.ts';

/** A task as GET /api/tasks, /api/ropes/{id}/tasks and PATCH /api/tasks/{id} answer it. */
export const taskViewSchema = z.object({
  id: z.number(),
  rope: z.object({ id: z.number(), name: z.string().optional() }),
  installation: namedRefSchema.optional(),
  area: namedRefSchema.optional(),
  event: z.object({ id: z.number() }).nullable(),
  assignedUsers: z.array(namedRefSchema),
  attributes: taskAttributesSchema,
  title: z.string(),
  description: z.string(),
  status: z.string(),
  dueAt: z.string().nullable(),
  pastDue: z.boolean(),
  createdAt: z.string(),
});
export type TaskView = z.infer<typeof taskViewSchema>;
export const taskListAnswerSchema = z.object({ tasks: z.array(taskViewSchema) });

/** An open task as the dashboard lists it, GET /api/tasks/pending: what it is, where, and when it falls due. */
export const pendingTaskSchema = taskViewSchema.pick({
  id: true,
  rope: true,
  installation: true,
  area: true,
  title: true,
  status: true,
  dueAt: true,
  pastDue: true,
});
export type PendingTask = z.infer<typeof pendingTaskSchema>;
export const pendingTaskAnswerSchema = z.object({ tasks: z.array(pendingTaskSchema) });

export const taskNoteSchema = z.object({
  timestamp: z.string(),
  user: z.object({ name: z.string() }),
  note: z.string(),
});
export type TaskNote = z.infer<typeof taskNoteSchema>;
export const taskNotesAnswerSchema = z.object({ notes: z.array(taskNoteSchema) });

/** A person the caller may assign to a task of a rope, GET /api/ropes/{id}/assignable-users. */
export const assignableUserSchema = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  roles: z.array(z.enum(ROLES)),
});
export type AssignableUser = z.infer<typeof assignableUserSchema>;
export const assignableUsersAnswerSchema = z.object({ users: z.array(assignableUserSchema) });

/** POST /api/ropes/{id}/tasks/upload and /api/ropes/tasks/upload: the tasks a file created. */
export const taskUploadAnswerSchema = z.object({
  created: z.number().int(),
  tasks: z.array(z.object({ id: z.number().int() })),
});
export type TaskUploadAnswer = z.infer<typeof taskUploadAnswerSchema>;
