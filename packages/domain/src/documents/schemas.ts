import { z } from 'zod';
import type { Permission } from '../access/permissions.ts';
import { idTextSchema, LANGUAGE_IDS, type LanguageId, nameText } from '../common.ts';
import { keyed, message } from '../messages.ts';
import { DOCUMENT_TARGET_TYPES, type DocumentTargetType } from './kinds.ts';

export { DOCUMENT_LIST_MAX_HEIGHT, DOCUMENT_TARGET_TYPES, type DocumentTargetType } from './kinds.ts';

/** A document this young is new: shown bold and first. */
export const DOCUMENT_NEW_DAYS = 7;
export const NEWEST_DOCUMENTS_LIMIT = 5;
/** Files in one upload request. */
export const MAX_FILES_PER_UPLOAD = 20;
/** The default of the DOCUMENT_MAX_MB setting. */
export const DEFAULT_DOCUMENT_MAX_MB = 100;
export const DOCUMENT_NAME_MAX = 255;

/**
 * The media types a document may have, judged by its bytes: office files, PDF, images, video and plain text.
 * Anything else (executables, HTML, archives) is refused, since the cockpit serves documents back to browsers.
 */
export const DOCUMENT_TYPES = [
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/tiff',
  'video/mp4',
  'video/webm',
  'video/quicktime',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/msword',
  'application/vnd.ms-excel',
  'application/x-cfb',
  'text/plain',
] as const;
export const DOCUMENT_WRONG_TYPE = message('app.errors.documentWrongType');
/** Shown in place (embedded frame, image, video with seeking); anything else is a download. */
export const PREVIEW_TYPES: readonly string[] = [
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'video/mp4',
  'video/webm',
  'video/quicktime',
];

/** The documents that have a small upright thumbnail for lists: every image type a document may be. */
export const THUMBNAIL_SOURCE_TYPES: readonly string[] = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/tiff',
];

export function isNewDocument(createdAt: Date | string, now: Date = new Date()): boolean {
  return now.getTime() - new Date(createdAt).getTime() < DOCUMENT_NEW_DAYS * 24 * 3600 * 1000;
}

/** `location` as stored and answered: language ids, comma-separated, in the order of LANGUAGE_IDS. */
export function parseLocation(location: string): LanguageId[] {
  const given = location.split(',').map((part) => part.trim());
  return LANGUAGE_IDS.filter((id) => given.includes(id));
}

/** Known language ids, comma-separated, blanks around each allowed: the rule as the OpenAPI document states it. */
const LANGUAGE_ID_CHOICE = `\\s*(${LANGUAGE_IDS.join('|')})\\s*`;
export const LOCATION_PATTERN = new RegExp(`^${LANGUAGE_ID_CHOICE}(,${LANGUAGE_ID_CHOICE})*$`);

/** `ENU,DES`: at least one known language id, each once; answered in canonical order. */
export const locationSchema = z
  .string()
  .max(64)
  .regex(LOCATION_PATTERN, keyed('validation.locationLanguages'))
  .transform((value) => parseLocation(value).join(','))
  .refine((value) => value.length > 0, keyed('validation.locationRequired'));

/** The fields of POST /documents, sent before the files; without `location` the reader's language is taken. */
export const documentUploadFieldsSchema = z.object({
  targetType: z.enum(DOCUMENT_TARGET_TYPES),
  targetId: idTextSchema,
  location: locationSchema.optional(),
});
export type DocumentUploadFields = z.infer<typeof documentUploadFieldsSchema>;
export const UPLOAD_FIELDS_FIRST = message('app.errors.uploadFieldsFirst');
export const UPLOAD_NEEDS_FILES = message('app.errors.uploadNeedsFiles');

/** PATCH /documents/{id}: a document as GET answers it, or any part; only name and languages change. */
export const documentPatchSchema = z
  .object({ name: nameText.max(DOCUMENT_NAME_MAX), location: locationSchema })
  .partial();
export type DocumentPatch = z.infer<typeof documentPatchSchema>;

/**
 * The order of a document list: new documents first (newest first), then those in the reader's language, then
 * the rest, newest first.
 */
export function compareDocuments(
  reader: LanguageId,
  now: Date = new Date(),
): (a: { createdAt: Date | string; location: string; name: string }, b: typeof a) => number {
  const key = (doc: { createdAt: Date | string; location: string }) => [
    isNewDocument(doc.createdAt, now) ? 0 : 1,
    parseLocation(doc.location).includes(reader) ? 0 : 1,
    -new Date(doc.createdAt).getTime(),
  ];
  return (a, b) => {
    const [ka, kb] = [key(a), key(b)];
    for (let i = 0; i < ka.length; i += 1) if (ka[i] !== kb[i]) return ka[i]! - kb[i]!;
    return a.name.localeCompare(b.name);
  };
}

/** The display name of an uploaded file: never a path, no control characters, bounded; the bytes decide the type. */
export function safeDocumentName(fileName: string | undefined): string {
  const base = (fileName ?? '').split(/[/\\]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const clean = base.replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, '').trim();
  const name = clean.replace(/^\.+/, '').trim();
  return (name || 'document').slice(0, DOCUMENT_NAME_MAX);
}

/** The reader's language from an Accept-Language header (q-values honoured), if it names one of ours. */
export function languageFromAcceptLanguage(header: string | undefined): LanguageId | undefined {
  if (!header) return undefined;
  const byPrefix: Record<string, LanguageId> = { en: 'ENU', de: 'DES', fr: 'FRS', es: 'ESP' };
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim().toLowerCase(), q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => Number.isFinite(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const entry of ranked) {
    const found = byPrefix[entry.tag.split('-')[0] ?? ''];
    if (found) return found;
  }
  return undefined;
}

/** Who may add, rename, re-language and delete documents of a target: admins for general documents. */
export function documentWritePermission(targetType: DocumentTargetType): Permission {
  return targetType === 'folder' ? 'FOLDER_EDIT' : 'DOMAIN_WRITE';
}

export const HABEL_DELETE_REFUSED = message('app.errors.documentExternalDelete');

export const folderTranslationsSchema = z.partialRecord(z.enum(LANGUAGE_IDS), z.string().trim().min(1).max(255));
export type FolderTranslations = z.infer<typeof folderTranslationsSchema>;

/** Fields carried over from the external document system (HABEL). */
export const habelFieldsSchema = z
  .object({
    isHabel: z.boolean(),
    habelAttart: z.string().max(64),
    habelReceipttype: z.string().max(64),
    habelErfdat: z.string().max(40),
    installationNumber: z.string().max(64),
  })
  .partial();
