import { z } from 'zod';
import { LANGUAGE_IDS } from './common.ts';

export const DOCUMENT_TARGET_TYPES = ['area', 'installation', 'rope', 'document', 'project', 'event'] as const;
export type DocumentTargetType = (typeof DOCUMENT_TARGET_TYPES)[number];
export const DOCUMENT_NEW_DAYS = 7;
export const NEWEST_DOCUMENTS_LIMIT = 5;

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
