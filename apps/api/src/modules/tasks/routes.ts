import { idParamsSchema, idTextSchema } from '@rope/domain/common';
import { taskBodySchema, taskPatchSchema } from '@rope/domain/tasks/rules';
import {
  assignableUsersAnswerSchema,
  pendingTaskAnswerSchema,
  taskNoteSchema,
  taskUploadAnswerSchema,
  taskViewSchema,
} from '@rope/domain/tasks/views';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { plainJsonSerializer } from '../../http/answers.ts';
import { requireActor } from '../../http/guards.ts';
import { readUpload } from '../../http/read-upload.ts';
import { CSV_ANSWER, csvHeaders, sheetQuerySchema } from '../../http/sheet-reader.ts';
import { documentedExample } from '../request-examples.ts';
import { createTask } from './create.ts';
import { exportRopeTasks, exportTasks, taskTemplate } from './export.ts';
import { listPendingTasks, listTasks } from './list.ts';
import { listAssignableUsers } from './list-assignable-users.ts';
import { listRopeTasks } from './list-for-rope.ts';
import { listTaskNotes } from './list-notes.ts';
import { deleteTask } from './remove.ts';
import { updateTask } from './update.ts';
import { TASK_CSV_RULES, taskUploadReader, uploadTasks } from './upload.ts';

const body = z.object({ task: taskBodySchema }).meta(documentedExample('POST /api/tasks'));
const list = z.object({ tasks: z.array(taskViewSchema) });

export function taskRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/tasks/pending',
      {
        schema: {
          tags: ['tasks'],
          operationId: 'listPendingTasks',
          summary: 'The open tasks of live ropes the caller sees, by due date, as the dashboard lists them',
          querystring: z.object({ showAsUser: idTextSchema.optional() }),
          response: { 200: pendingTaskAnswerSchema },
        },
        // Built field by field (pendingTaskView), for the dashboard's every open task: tasks/pending-answer.test.ts.
        serializerCompiler: plainJsonSerializer,
      },
      (request) => listPendingTasks({ ctx, actor: requireActor(request), input: request.query, request }),
    );

    app.get(
      '/tasks',
      {
        schema: {
          tags: ['tasks'],
          operationId: 'listTasks',
          summary: 'Tasks the caller sees, open ones (of live ropes) or all, by due date',
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
      {
        schema: {
          tags: ['tasks'],
          operationId: 'listRopeTasks',
          summary: 'Every task of a rope, by due date',
          params: idParamsSchema,
          response: { 200: list },
        },
      },
      (request) => listRopeTasks({ ctx, actor: requireActor(request), input: { ropeId: request.params.id }, request }),
    );

    app.get(
      '/ropes/:id/assignable-users',
      {
        schema: {
          tags: ['tasks'],
          operationId: 'listRopeAssignableUsers',
          summary: 'People the caller may assign to a task of this rope: those who see the rope',
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
      {
        schema: {
          tags: ['tasks'],
          operationId: 'createTask',
          summary: 'Create a task on a rope, optionally for one of its events, with assignees and a first note',
          body,
          response: { 200: z.object({ task: z.object({ id: z.number() }) }) },
        },
      },
      (request) => createTask({ ctx, actor: requireActor(request), input: request.body.task, request }),
    );

    app.patch(
      '/tasks/:id',
      {
        schema: {
          tags: ['tasks'],
          operationId: 'updateTask',
          summary: 'Change a task or add a note; a recurring task set to done creates its successor',
          params: idParamsSchema,
          body: z.object({ task: taskPatchSchema }).meta(documentedExample('PATCH /api/tasks/{id}')),
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

    app.delete(
      '/tasks/:id',
      {
        schema: {
          tags: ['tasks'],
          response: { 204: z.null() },
          operationId: 'deleteTask',
          summary: 'Delete a task with its notes and assignees',
          params: idParamsSchema,
        },
      },
      async (request, reply) => {
        await deleteTask({ ctx, actor: requireActor(request), input: request.params, request });
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/tasks/:id/notes',
      {
        schema: {
          tags: ['tasks'],
          operationId: 'listTaskNotes',
          summary: "A task's notes, oldest first, with who wrote them",
          params: idParamsSchema,
          response: { 200: z.object({ notes: z.array(taskNoteSchema) }) },
        },
      },
      (request) => listTaskNotes({ ctx, actor: requireActor(request), input: request.params, request }),
    );

    const listFilter = z.object({ status: z.enum(['open', 'all']).default('open') });
    const csvAnswer = { 200: z.string().describe(CSV_ANSWER) };

    app.get(
      '/tasks/export',
      {
        schema: {
          tags: ['tasks'],
          operationId: 'exportTasks',
          summary: "The task list (GET /tasks, same filters) as CSV for the reader's Excel",
          produces: ['text/csv'],
          querystring: listFilter.extend({ showAsUser: idTextSchema.optional() }).extend(sheetQuerySchema.shape),
          response: csvAnswer,
        },
      },
      async (request, reply) => {
        const { csv, fileName } = await exportTasks({
          ctx,
          actor: requireActor(request),
          input: request.query,
          request,
        });
        return reply.headers(csvHeaders(fileName)).send(csv);
      },
    );

    app.get(
      '/ropes/:id/tasks/export',
      {
        schema: {
          tags: ['tasks'],
          operationId: 'exportRopeTasks',
          summary: "A rope's tasks (open ones or all) as CSV, times in its installation's zone",
          produces: ['text/csv'],
          params: idParamsSchema,
          querystring: listFilter.extend(sheetQuerySchema.shape),
          response: csvAnswer,
        },
      },
      async (request, reply) => {
        const input = { ...request.query, ropeId: request.params.id };
        const { csv, fileName } = await exportRopeTasks({ ctx, actor: requireActor(request), input, request });
        return reply.headers(csvHeaders(fileName)).send(csv);
      },
    );

    app.get(
      '/tasks/upload-template',
      {
        schema: {
          tags: ['tasks'],
          operationId: 'getTaskUploadTemplate',
          summary: "The CSV template of the task upload: its columns and one example, in the reader's language",
          produces: ['text/csv'],
          querystring: sheetQuerySchema,
          response: csvAnswer,
        },
      },
      async (request, reply) => {
        const { csv, fileName } = await taskTemplate({
          ctx,
          actor: requireActor(request),
          input: request.query,
          request,
        });
        return reply.headers(csvHeaders(fileName)).send(csv);
      },
    );

    // The rope (403, 404, archived) is checked before the file is read: a foreign rope answers 404 whatever the file.
    app.post(
      '/ropes/:id/tasks/upload',
      {
        schema: {
          tags: ['tasks'],
          response: { 200: taskUploadAnswerSchema },
          operationId: 'uploadRopeTasks',
          summary: "Create a rope's tasks from a CSV file (multipart); one bad row refuses the whole file",
          params: idParamsSchema,
          querystring: sheetQuerySchema,
          consumes: ['multipart/form-data'],
        },
      },
      async (request) => {
        const actor = requireActor(request);
        const target = { ...request.query, ropeId: request.params.id };
        await taskUploadReader({ ctx, actor, input: target, request });
        const upload = await readUpload(request, TASK_CSV_RULES);
        return uploadTasks({ ctx, actor, input: { ...target, text: upload.text ?? '' }, request });
      },
    );

    app.post(
      '/ropes/tasks/upload',
      {
        schema: {
          tags: ['tasks'],
          response: { 200: taskUploadAnswerSchema },
          operationId: 'uploadTasks',
          summary: 'Create tasks from a CSV file whose rows name their ropes; one bad row refuses the file',
          querystring: sheetQuerySchema,
          consumes: ['multipart/form-data'],
        },
      },
      async (request) => {
        const actor = requireActor(request);
        await taskUploadReader({ ctx, actor, input: request.query, request });
        const upload = await readUpload(request, TASK_CSV_RULES);
        return uploadTasks({ ctx, actor, input: { ...request.query, text: upload.text ?? '' }, request });
      },
    );
  };
}
