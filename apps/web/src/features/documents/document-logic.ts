import type { DocumentView } from '@rope/domain/documents/views';
import { LANGUAGE_IDS, type LanguageId } from '@rope/domain/languages';

export type PreviewKind = 'pdf' | 'image' | 'video' | 'download';

/** How a document shows in place: PDF in an embedded frame, images, video with seeking; anything else downloads. */
export function previewKind(document: Pick<DocumentView, 'mimeType' | 'preview'>): PreviewKind {
  if (!document.preview) return 'download';
  if (document.mimeType === 'application/pdf') return 'pdf';
  if (document.mimeType.startsWith('image/')) return 'image';
  if (document.mimeType.startsWith('video/')) return 'video';
  return 'download';
}

/** The filter text matches names case-insensitively (and ignores blanks around it). */
export function filterDocuments<T extends { name: string }>(documents: readonly T[], filter: string): T[] {
  const needle = filter.trim().toLocaleLowerCase();
  if (!needle) return [...documents];
  return documents.filter((document) => document.name.toLocaleLowerCase().includes(needle));
}

/**
 * New documents first (the server orders them so already; kept here so an optimistic or merged list stays in the
 * spec's order), the server's order otherwise.
 */
export function newFirst<T extends { isNew: boolean }>(documents: readonly T[]): T[] {
  return [...documents.filter((document) => document.isNew), ...documents.filter((document) => !document.isNew)];
}

/** The language of a document's file to ask for: the reader's when it has it, else its first (none: the server's). */
export function documentFileLanguage(
  document: Pick<DocumentView, 'languages'>,
  language: LanguageId,
): LanguageId | undefined {
  return document.languages.includes(language) ? language : document.languages[0];
}

/** The address of a document's file: in the reader's language when it has it, as an attachment when asked. */
export function documentFileUrl(
  document: Pick<DocumentView, 'url' | 'languages'>,
  language: LanguageId,
  download = false,
): string {
  const params = new URLSearchParams();
  const fileLanguage = documentFileLanguage(document, language);
  if (fileLanguage) params.set('language', fileLanguage);
  if (download) params.set('download', '1');
  const query = params.toString();
  return query ? `${document.url}?${query}` : document.url;
}

/** Languages in their canonical order, as `location` takes them. */
export function toLocation(languages: readonly string[]): string {
  return LANGUAGE_IDS.filter((id) => languages.includes(id)).join(',');
}

/** The percentage of an upload, 0..100, from the bytes sent so far. */
export function uploadPercent(loaded: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.min(100, Math.max(0, Math.round((loaded / total) * 100)));
}
