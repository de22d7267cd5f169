import { idTextSchema, integerTextSchema } from '@rope/domain/common';
import { NEWEST_DOCUMENTS_LIMIT } from '@rope/domain/documents/schemas';
import { documentListSchema } from '@rope/domain/documents/views';
import { message } from '@rope/domain/messages';
import { externalKeySchema, habelProjectBodySchema, installationNumberSchema } from '@rope/domain/projects/schemas';
import { projectViewSchema } from '@rope/domain/projects/views';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import { requireActor } from '../../http/guards.ts';
import { uploadLimits } from '../documents/index.ts';
import { importProjectDocument } from './import-document.ts';
import { importProject } from './import-project.ts';
import { getProject, listNewestProjectDocuments, listProjectDocuments, listProjects } from './list.ts';

const showAs = z.object({ showAsUser: idTextSchema.optional() });
const numberParams = z.object({ installationNumber: installationNumberSchema });

export function projectRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/habel/installations',
      {
        schema: {
          tags: ['projects'],
          operationId: 'listHabelInstallations',
          summary: 'Projects of the external document system the caller sees, by installation number',
          description:
            'Projects of the external document system whose installation number matches an installation the viewer sees.',
          querystring: showAs,
          response: { 200: z.object({ projects: z.array(projectViewSchema) }) },
        },
      },
      (request) => listProjects({ ctx, actor: requireActor(request), input: request.query, request }),
    );
    app.get(
      '/habel/installations/:installationNumber',
      {
        schema: {
          tags: ['projects'],
          operationId: 'getHabelInstallation',
          summary: 'One project of the external document system, by its installation number',
          params: numberParams,
          querystring: showAs,
          response: { 200: z.object({ project: projectViewSchema }) },
        },
      },
      (request) =>
        getProject({ ctx, actor: requireActor(request), input: { ...request.query, ...request.params }, request }),
    );
    app.get(
      '/habel/installations/:installationNumber/documents',
      {
        schema: {
          tags: ['projects'],
          operationId: 'listHabelInstallationDocuments',
          summary: "A project's documents, new ones first, then those in the reader's language",
          params: numberParams,
          querystring: showAs,
          response: { 200: documentListSchema },
        },
      },
      (request) =>
        listProjectDocuments({
          ctx,
          actor: requireActor(request),
          input: { ...request.query, ...request.params, acceptLanguage: request.headers['accept-language'] },
          request,
        }),
    );
    app.get(
      '/habel/documents',
      {
        schema: {
          tags: ['projects'],
          operationId: 'listHabelDocuments',
          summary: 'The newest documents over all projects the caller sees',
          description: 'The newest documents over all projects the viewer sees (limit, default 5).',
          querystring: showAs.extend({
            limit: integerTextSchema(1, 100).default(NEWEST_DOCUMENTS_LIMIT),
          }),
          response: { 200: documentListSchema },
        },
      },
      (request) =>
        listNewestProjectDocuments({
          ctx,
          actor: requireActor(request),
          input: { ...request.query, acceptLanguage: request.headers['accept-language'] },
          request,
        }),
    );
    app.put(
      '/habel/installations/:installationNumber',
      {
        schema: {
          tags: ['projects'],
          operationId: 'upsertHabelInstallation',
          summary: 'Create or replace a project by its installation number (import API keys)',
          description:
            "Import (ROLE_API_IMPORT, ROLE_API_INTERNAL): create or replace the project with this installation number. Idempotent. An import key writes only the numbers its mandators' installations carry; any other number answers 404 as a missing project.",
          params: numberParams,
          body: z.object({ project: habelProjectBodySchema }),
          response: { 200: z.object({ project: z.object({ id: z.number(), installationNumber: z.string() }) }) },
        },
      },
      (request) =>
        importProject({
          ctx,
          actor: requireActor(request),
          input: { installationNumber: request.params.installationNumber, project: request.body.project },
          request,
        }),
    );
    app.put(
      '/habel/installations/:installationNumber/documents/:externalKey',
      {
        schema: {
          tags: ['projects'],
          operationId: 'upsertHabelInstallationDocument',
          summary: "Create or replace a project's document by its external key (import API keys; multipart)",
          description:
            'Import (ROLE_API_IMPORT, ROLE_API_INTERNAL), multipart/form-data: the fields name, location (ENU,DES,...), habelAttart, habelReceipttype, habelErfdat, then one file. Creates or replaces the document with this external key in this project (the key is unique per project); the same file again changes nothing. The project must exist and, for an import key, belong to its mandators (else 404).',
          consumes: ['multipart/form-data'],
          params: numberParams.extend({ externalKey: externalKeySchema }),
          response: {
            200: z.object({ document: z.object({ id: z.number(), externalKey: z.string(), created: z.boolean() }) }),
          },
        },
      },
      (request) => {
        if (!request.isMultipart())
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', message('app.errors.documentNotMultipart'));
        const parts = request.parts({ limits: { ...uploadLimits(ctx.env.DOCUMENT_MAX_MB * 1024 * 1024), files: 1 } });
        return importProjectDocument({
          ctx,
          actor: requireActor(request),
          input: { ...request.params, parts },
          request,
        });
      },
    );
  };
}
