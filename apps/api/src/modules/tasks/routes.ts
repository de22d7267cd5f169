import { idParamsSchema, idTextSchema } from '@rope/domain/common';
import { taskBodySchema, taskPatchSchema } from '@rope/domain/tasks/rules';
import { assignableUsersAnswerSchema, taskNoteSchema, taskViewSchema } from '@rope/domain/tasks/views';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireActor } from '../../http/guards.ts';
import { readUpload } from '../../http/read-upload.ts';
import { createTask } from './create.ts';
import { listTasks } from './list.ts';
import { listAssignableUsers } from './list-assignable-users.ts';
import { listRopeTasks } from './list-for-rope.ts';
import { listTaskNotes } from './list-notes.ts';
import { deleteTask } from './remove.ts';
import { updateTask } from './update.ts';
import { TASK_CSV_RULES, uploadTasks } from './upload.ts';

const body = z.object({ task: taskBodySchema });
const list = z.object({ tasks: z.array(taskViewSchema) });

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
      (request) => listTasks({ ctx, actor: requireActor(request), input: request.query, request }),
    );

    app.get(
      '/ropes/:id/tasks',
      { schema: { tags: ['tasks'], params: idParamsSchema, response: { 200: list } } },
      (request) => listRopeTasks({ ctx, actor: requireActor(request), input: { ropeId: request.params.id }, request }),
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
      (request) =>
        listAssignableUsers({ ctx, actor: requireActor(request), input: { ropeId: request.params.id }, request }),
    );

    app.post(
      '/tasks',
      { schema: { tags: ['tasks'], body, response: { 200: z.object({ task: z.object({ id: z.number() }) }) } } },
      (request) => createTask({ ctx, actor: requireActor(request), input: request.body.task, request }),
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
      (request) =>
        updateTask({
          ctx,
          actor: requireActor(request),
          input: { id: request.params.id, patch: request.body.task },
          request,
        }),
    );

    app.delete('/tasks/:id', { schema: { tags: ['tasks'], params: idParamsSchema } }, async (request, reply) => {
      await deleteTask({ ctx, actor: requireActor(request), input: request.params, request });
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
      (request) => listTaskNotes({ ctx, actor: requireActor(request), input: request.params, request }),
    );

    app.post(
      '/ropes/:id/tasks/upload',
      { schema: { tags: ['tasks'], params: idParamsSchema, consumes: ['multipart/form-data'] } },
      async (request) => {
        const upload = await readUpload(request, TASK_CSV_RULES);
        const input = { ropeId: request.params.id, text: upload.text ?? '' };
        return uploadTasks({ ctx, actor: requireActor(request), input, request });
      },
    );

    app.post(
      '/ropes/tasks/upload',
      { schema: { tags: ['tasks'], consumes: ['multipart/form-data'] } },
      async (request) => {
        const upload = await readUpload(request, TASK_CSV_RULES);
        return uploadTasks({ ctx, actor: requireActor(request), input: { text: upload.text ?? '' }, request });
      },
    );
  };
}
