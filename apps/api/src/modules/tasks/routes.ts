import { taskNotes, tasks, users } from '@rope/db/schema/index';
import { idParamsSchema, idTextSchema } from '@rope/domain/common';
import { taskBodySchema, taskPatchSchema } from '@rope/domain/task-rules';
import type { TaskAttributes } from '@rope/domain/tasks';
import { assignableUsersAnswerSchema, taskNoteSchema, taskViewSchema } from '@rope/domain/views/tasks';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { applyPatch } from '../../http/apply-patch.ts';
import { requirePermission } from '../../http/guards.ts';
import { areaVisibleTo, findRope, viewerFor } from '../hierarchy/scope.ts';
import { listAssignableUsers } from './assignable-users.ts';
import { loadTasks, openTasks } from './load.ts';
import { createTask, deleteTask, updateTask } from './save.ts';
import { uploadTasks } from './upload.ts';

const body = z.object({ task: taskBodySchema });
const list = z.object({ tasks: z.array(taskViewSchema) });
const asInput = (task: z.infer<typeof taskBodySchema>) => ({ ...task, attributes: task.attributes as TaskAttributes });

export function taskRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/tasks',
      {
        schema: {
          tags: ['tasks'],
          querystring: z.object({
            status: z.enum(['open', 'all']).default('open'),
            showAsUser: idTextSchema.optional(),
          }),
          response: { 200: list },
        },
      },
      async (request) => {
        const actor = requirePermission(request, 'DOMAIN_READ');
        const viewer = await viewerFor(ctx, request, actor, request.query.showAsUser);
        return {
          tasks: await loadTasks(
            ctx.db,
            and(areaVisibleTo(viewer), request.query.status === 'open' ? openTasks : undefined),
          ),
        };
      },
    );

    app.get(
      '/ropes/:id/tasks',
      { schema: { tags: ['tasks'], params: idParamsSchema, response: { 200: list } } },
      async (request) => {
        const actor = requirePermission(request, 'DOMAIN_READ');
        const { rope } = await findRope(ctx, actor, request.params.id);
        return { tasks: await loadTasks(ctx.db, eq(tasks.ropeId, rope.id)) };
      },
    );

    app.get(
      '/ropes/:id/assignable-users',
      {
        schema: {
          tags: ['tasks'],
          description: 'The people the caller may assign to a task of this rope: those who can see the rope.',
          params: idParamsSchema,
          response: { 200: assignableUsersAnswerSchema },
        },
      },
      async (request) => {
        const actor = requirePermission(request, 'DOMAIN_READ');
        const { area } = await findRope(ctx, actor, request.params.id);
        return { users: await listAssignableUsers(ctx, actor, area.mandatorId) };
      },
    );

    app.post(
      '/tasks',
      { schema: { tags: ['tasks'], body, response: { 200: z.object({ task: z.object({ id: z.number() }) }) } } },
      async (request) => {
        const actor = requirePermission(request, 'DOMAIN_WRITE');
        return { task: await createTask({ ctx, actor, input: asInput(request.body.task) }) };
      },
    );

    app.patch(
      '/tasks/:id',
      {
        schema: {
          tags: ['tasks'],
          params: idParamsSchema,
          body: z.object({ task: taskPatchSchema }),
          response: { 200: z.object({ task: taskViewSchema, nextTask: z.object({ id: z.number() }).nullable() }) },
        },
      },
      async (request) => {
        const actor = requirePermission(request, 'DOMAIN_WRITE');
        const stored = await visibleTask(ctx, request.params.id, actor);
        const { note, ...patch } = request.body.task;
        const { value, changed } = applyPatch({
          entity: 'task',
          current: {
            rope: { id: stored.rope.id },
            event: stored.event,
            assignedUsers: stored.assignedUsers.map((user) => ({ id: user.id })),
            attributes: stored.attributes,
          },
          patch,
          schema: taskBodySchema,
        });
        for (const fixed of ['rope', 'event'] as const) {
          if (changed.includes(fixed)) {
            const message = `A task stays with its ${fixed}: create a new task instead`;
            throw new AppError('VALIDATION', message, { [`task.${fixed}`]: message });
          }
        }
        if (changed.length === 0 && !note?.trim()) return { task: stored, nextTask: null };
        const { nextTaskId } = await updateTask({
          ctx,
          actor,
          id: request.params.id,
          input: asInput({ ...value, note }),
        });
        const [task] = await loadTasks(ctx.db, eq(tasks.id, request.params.id));
        return { task: task!, nextTask: nextTaskId ? { id: nextTaskId } : null };
      },
    );

    app.delete('/tasks/:id', { schema: { tags: ['tasks'], params: idParamsSchema } }, async (request, reply) => {
      const actor = requirePermission(request, 'DOMAIN_WRITE');
      await visibleTask(ctx, request.params.id, actor);
      await deleteTask({ ctx, actor, id: request.params.id });
      return reply.status(204).send();
    });

    app.get(
      '/tasks/:id/notes',
      {
        schema: {
          tags: ['tasks'],
          params: idParamsSchema,
          response: { 200: z.object({ notes: z.array(taskNoteSchema) }) },
        },
      },
      async (request) => {
        const actor = requirePermission(request, 'DOMAIN_READ');
        await visibleTask(ctx, request.params.id, actor);
        const rows = await ctx.db
          .select({ note: taskNotes, firstname: users.firstname, lastname: users.lastname, email: users.email })
          .from(taskNotes)
          .leftJoin(users, eq(users.id, taskNotes.userId))
          .where(eq(taskNotes.taskId, request.params.id))
          .orderBy(asc(taskNotes.createdAt), asc(taskNotes.id));
        return {
          notes: rows.map((row) => ({
            timestamp: row.note.createdAt.toISOString(),
            user: { name: [row.firstname, row.lastname].filter(Boolean).join(' ') || row.email || '' },
            note: row.note.note,
          })),
        };
      },
    );

    app.post(
      '/ropes/:id/tasks/upload',
      { schema: { tags: ['tasks'], params: idParamsSchema, consumes: ['multipart/form-data'] } },
      async (request) => {
        const actor = requirePermission(request, 'DOMAIN_WRITE');
        return uploadTasks({ ctx, actor, request, ropeId: request.params.id });
      },
    );

    app.post(
      '/ropes/tasks/upload',
      { schema: { tags: ['tasks'], consumes: ['multipart/form-data'] } },
      async (request) => {
        const actor = requirePermission(request, 'DOMAIN_WRITE');
        return uploadTasks({ ctx, actor, request });
      },
    );
  };
}

async function visibleTask(ctx: AppContext, id: number, actor: Parameters<typeof areaVisibleTo>[0]) {
  const [task] = await loadTasks(ctx.db, and(eq(tasks.id, id), areaVisibleTo(actor)));
  if (!task) throw notFound('No such task');
  return task;
}
