import { z } from 'zod';
import { LANGUAGE_IDS } from '../common.ts';
import { DOCUMENT_TARGET_TYPES } from './kinds.ts';

/** A document as every list answers it; PATCH takes it back (only name and location change). */
export const documentViewSchema = z.object({
  id: z.number(),
  name: z.string(),
  mimeType: z.string(),
  size: z.number(),
  /** The languages it is available in, comma-separated (`ENU,DES`). */
  location: z.string(),
  languages: z.array(z.enum(LANGUAGE_IDS)),
  /** Less than 7 days old: shown bold and first. */
  isNew: z.boolean(),
  /** Available in the language the list was asked in. */
  inLanguage: z.boolean(),
  targetType: z.enum(DOCUMENT_TARGET_TYPES),
  targetId: z.number().nullable(),
  folder: z.object({ id: z.number() }).nullable(),
  createdAt: z.string(),
  isHabel: z.boolean(),
  habelAttart: z.string().nullable(),
  habelReceipttype: z.string().nullable(),
  habelErfdat: z.string().nullable(),
  installationNumber: z.string().nullable(),
  /** The reader may rename, re-language and delete it (never a document of the external system). */
  canEdit: z.boolean(),
  canDelete: z.boolean(),
  /** GET it (with ?language=) to download; Range requests seek in videos. */
  url: z.string(),
  /** An image's small upright WebP for lists (GET it); null for any other document. */
  thumbnailUrl: z.string().nullable(),
  preview: z.boolean(),
});
export type DocumentView = z.infer<typeof documentViewSchema>;

export const documentListSchema = z.object({
  documents: z.array(documentViewSchema),
  /** The language the list was ordered for (Accept-Language, else the user's language). */
  language: z.enum(LANGUAGE_IDS),
});
