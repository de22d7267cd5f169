import { documents, ropes } from '@rope/db/schema/index';
import type { Actor } from '@rope/domain/access/actor';
import { compareDocuments, type DocumentTargetType } from '@rope/domain/documents/schemas';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { assertCan } from '../../http/guards.ts';
import { preparedPerDatabase } from '../../infra/prepared.ts';
import { joinPlacement } from '../../tenancy/placement.ts';
import { viewerFor } from '../../tenancy/scope.ts';
import { preparedVisible } from '../../tenancy/visible-query.ts';
import type { ActionArgs } from '../action-args.ts';
import { visibleRopeId } from '../ropes/index.ts';
import { type DocumentRow, findTarget } from './internal.ts';
import { readerLanguage } from './language.ts';
import { toDocumentView } from './view.ts';

export interface ListInput {
  acceptLanguage?: string;
  showAsUser?: number;
}

/** Every rope, installation and area page lists its documents: the one read of them prepared once. */
const targetDocumentsQuery = preparedPerDatabase((db) =>
  db
    .select()
    .from(documents)
    .where(
      and(eq(documents.targetType, sql.placeholder('targetType')), eq(documents.targetId, sql.placeholder('targetId'))),
    )
    .prepare('target_documents'),
);

/**
 * A rope's documents (on every rope page), checked against the viewer in the same statement: none for a rope in an area
 * the viewer does not see, which the caller tells apart from a rope without documents.
 */
const visibleRopeDocumentsQuery = preparedVisible((db, visible) =>
  joinPlacement(
    db.select({ document: documents }).from(documents).innerJoin(ropes, eq(ropes.id, documents.targetId)).$dynamic(),
  )
    .where(and(eq(documents.targetType, 'rope'), eq(documents.targetId, sql.placeholder('ropeId')), visible.where))
    .prepare(visible.name('visible_rope_documents')),
);

async function visibleRopeDocuments(ctx: AppContext, viewer: Actor, ropeId: number): Promise<DocumentRow[]> {
  const rows = await visibleRopeDocumentsQuery(ctx.db, viewer).execute({ ropeId });
  if (rows.length === 0) await visibleRopeId(ctx, viewer, ropeId);
  return rows.map((row) => row.document);
}

/** The documents of one target the viewer sees (a foreign target is 404), new first, then in the reader's language. */
export async function listTargetDocuments(
  args: ActionArgs<ListInput & { targetType: DocumentTargetType; targetId: number }>,
) {
  const { ctx, actor, input } = args;
  assertCan(actor, 'DOCUMENT');
  const viewer = await viewerFor(args, input.showAsUser);
  const { targetType, targetId } = input;
  if (targetType === 'rope') return answerList(args, () => visibleRopeDocuments(ctx, viewer, targetId));
  await findTarget(ctx, viewer, targetType, targetId);
  return answerList(args, () => targetDocumentsQuery(ctx.db).execute({ targetType, targetId }));
}

/**
 * General documents: those in folders, each naming its folder; `folderId` narrows to one folder. Folders are shared
 * by everyone, yet showAsUser is checked like on every other call that takes it: only the impersonate right uses it.
 */
export async function listGeneralDocuments(args: ActionArgs<ListInput & { folderId?: number }>) {
  const { ctx, actor, input } = args;
  assertCan(actor, 'DOCUMENT');
  const viewer = await viewerFor(args, input.showAsUser);
  if (input.folderId !== undefined) await findTarget(ctx, viewer, 'folder', input.folderId);
  return answerList(args, () =>
    ctx.db
      .select()
      .from(documents)
      .where(
        and(
          eq(documents.targetType, 'folder'),
          input.folderId === undefined ? undefined : eq(documents.targetId, input.folderId),
        ),
      ),
  );
}

async function answerList({ ctx, actor, input }: ActionArgs<ListInput>, read: () => PromiseLike<DocumentRow[]>) {
  const language = await readerLanguage(ctx, actor, input.acceptLanguage);
  const rows = await read();
  const now = new Date();
  rows.sort(compareDocuments(language, now));
  return { documents: rows.map((row) => toDocumentView(row, { actor, language, now })), language };
}
