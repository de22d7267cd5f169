import { documents, projects } from '@rope/db/schema/index';
import { compareDocuments } from '@rope/domain/documents/schemas';
import { and, desc, eq } from 'drizzle-orm';
import { notFound } from '../../http/app-error.ts';
import { assertCan } from '../../http/guards.ts';
import { findProject, PROJECT_NOT_FOUND } from '../../tenancy/projects.ts';
import { viewerFor } from '../../tenancy/scope.ts';
import type { ActionArgs } from '../action-args.ts';
import { documentVisibleTo, readerLanguage, toDocumentView } from '../documents/index.ts';
import { loadProjects } from './load.ts';

interface Common {
  showAsUser?: number;
  acceptLanguage?: string;
}

/** GET /habel/installations: the projects the viewer (or the user shown as) sees. */
export async function listProjects(args: ActionArgs<Common>) {
  assertCan(args.actor, 'DOCUMENT');
  const viewer = await viewerFor(args, args.input.showAsUser);
  return { projects: await loadProjects(args.ctx, viewer) };
}

export async function getProject(args: ActionArgs<Common & { installationNumber: string }>) {
  assertCan(args.actor, 'DOCUMENT');
  const viewer = await viewerFor(args, args.input.showAsUser);
  const [project] = await loadProjects(
    args.ctx,
    viewer,
    eq(projects.installationNumber, args.input.installationNumber),
  );
  if (!project) throw notFound(PROJECT_NOT_FOUND);
  return { project };
}

/** The documents of one project, new first, then in the reader's language. */
export async function listProjectDocuments(args: ActionArgs<Common & { installationNumber: string }>) {
  const { ctx, actor, input } = args;
  assertCan(actor, 'DOCUMENT');
  const viewer = await viewerFor(args, input.showAsUser);
  const project = await findProject(ctx, viewer, { installationNumber: input.installationNumber });
  const language = await readerLanguage(ctx, actor, input.acceptLanguage);
  const rows = await ctx.db
    .select()
    .from(documents)
    .where(and(eq(documents.targetType, 'project'), eq(documents.targetId, project.id)));
  const now = new Date();
  rows.sort(compareDocuments(language, now));
  return { documents: rows.map((row) => toDocumentView(row, { actor, language, now })), language };
}

/** GET /habel/documents?limit=5: the newest project documents over every project the viewer sees. */
export async function listNewestProjectDocuments(args: ActionArgs<Common & { limit: number }>) {
  const { ctx, actor, input } = args;
  assertCan(actor, 'DOCUMENT');
  const viewer = await viewerFor(args, input.showAsUser);
  const language = await readerLanguage(ctx, actor, input.acceptLanguage);
  const rows = await ctx.db
    .select()
    .from(documents)
    .where(and(eq(documents.targetType, 'project'), documentVisibleTo(viewer)))
    .orderBy(desc(documents.createdAt), desc(documents.id))
    .limit(input.limit);
  return { documents: rows.map((row) => toDocumentView(row, { actor, language })), language };
}
