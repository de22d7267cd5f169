import { documents, folders } from '@rope/db/schema/index';
import type { Actor } from '@rope/domain/access/actor';
import type { DocumentTargetType } from '@rope/domain/documents/schemas';
import { message } from '@rope/domain/messages';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/app-error.ts';
import { findProject } from '../../tenancy/projects.ts';
import { assertWritable } from '../../tenancy/scope.ts';
import { findArea } from '../areas/index.ts';
import { findEvent } from '../events/index.ts';
import { findInstallation } from '../installations/index.ts';
import { findRope } from '../ropes/index.ts';
import { documentVisibleTo } from './visibility.ts';

export type DocumentRow = typeof documents.$inferSelect;
export const DOCUMENT_NOT_FOUND = message('app.errors.noSuchDocument');

/** What a document hangs on, found within the viewer's tenants: the place its notifications and archive rule need. */
export interface DocumentTarget {
  type: DocumentTargetType;
  id: number;
  /** The installation whose `newDocument` rule an upload fires, and the rope when there is one. */
  installationId?: number;
  ropeId?: number;
  /** A project's number, written on its documents. */
  installationNumber?: string;
  /** Items whose archive makes the target read-only. */
  chain: { isDeleted: boolean }[];
}

/** Fetch-or-404 of a document's target: a foreign or missing one answers the target's own 404. */
export async function findTarget(
  ctx: AppContext,
  viewer: Actor,
  type: DocumentTargetType,
  id: number,
): Promise<DocumentTarget> {
  switch (type) {
    case 'area': {
      const { area } = await findArea(ctx, viewer, id);
      return { type, id, chain: [area] };
    }
    case 'installation': {
      const { installation, area } = await findInstallation(ctx, viewer, id);
      return { type, id, installationId: installation.id, chain: [installation, area] };
    }
    case 'rope': {
      const { rope, installation, area } = await findRope(ctx, viewer, id);
      return { type, id, installationId: installation.id, ropeId: rope.id, chain: [rope, installation, area] };
    }
    case 'event': {
      const { rope, installation, area } = await findEvent(ctx, viewer, id);
      return { type, id, installationId: installation.id, ropeId: rope.id, chain: [rope, installation, area] };
    }
    case 'folder': {
      const [folder] = await ctx.db.select({ id: folders.id }).from(folders).where(eq(folders.id, id));
      if (!folder) throw notFound(message('app.errors.noSuchFolder'));
      return { type, id, chain: [] };
    }
    case 'project': {
      const project = await findProject(ctx, viewer, { id });
      return { type, id, installationNumber: project.installationNumber, chain: [] };
    }
  }
}

/** Fetch-or-404: a document the viewer does not see answers exactly like a missing one. */
export async function findDocument(ctx: AppContext, viewer: Actor, id: number): Promise<DocumentRow> {
  const [row] = await ctx.db
    .select()
    .from(documents)
    .where(and(eq(documents.id, id), documentVisibleTo(viewer)));
  if (!row) throw notFound(DOCUMENT_NOT_FOUND);
  return row;
}

/** A document whose target is archived is read-only, like the target itself. */
export async function assertDocumentWritable(ctx: AppContext, viewer: Actor, document: DocumentRow) {
  if (document.targetId === null) return;
  const target = await findTarget(ctx, viewer, document.targetType as DocumentTargetType, document.targetId);
  assertWritable([{ isDeleted: false }, ...target.chain]);
}
