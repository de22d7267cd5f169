import type { documents } from '@rope/db/schema/index';
import { type Actor, can } from '@rope/domain/access/actor';
import {
  type DocumentTargetType,
  documentWritePermission,
  isNewDocument,
  PREVIEW_TYPES,
  parseLocation,
  THUMBNAIL_SOURCE_TYPES,
} from '@rope/domain/documents/schemas';
import type { DocumentView } from '@rope/domain/documents/views';
import type { LanguageId } from '@rope/domain/languages';

type DocumentRow = typeof documents.$inferSelect;

export interface ViewOptions {
  actor: Actor;
  language: LanguageId;
  now?: Date;
}

/** A document row as every list answers it: the fields the web shows, never the storage key. */
export function toDocumentView(row: DocumentRow, { actor, language, now = new Date() }: ViewOptions): DocumentView {
  const languages = parseLocation(row.location);
  const targetType = row.targetType as DocumentTargetType;
  const canEdit = can(actor, documentWritePermission(targetType));
  return {
    id: row.id,
    name: row.name,
    mimeType: row.mimeType,
    size: row.size,
    location: languages.join(','),
    languages,
    isNew: isNewDocument(row.createdAt, now),
    inLanguage: languages.includes(language),
    targetType,
    targetId: row.targetId,
    folder: row.folderId === null ? null : { id: row.folderId },
    createdAt: row.createdAt.toISOString(),
    isHabel: row.isHabel,
    habelAttart: row.habelAttart,
    habelReceipttype: row.habelReceipttype,
    habelErfdat: row.habelErfdat,
    installationNumber: row.installationNumber,
    canEdit,
    canDelete: canEdit && !row.isHabel,
    url: `/api/documents/${row.id}`,
    thumbnailUrl: THUMBNAIL_SOURCE_TYPES.includes(row.mimeType) ? `/api/documents/${row.id}/thumbnail` : null,
    preview: PREVIEW_TYPES.includes(row.mimeType),
  };
}
