import { z } from 'zod';
import { LANGUAGE_IDS } from '../common.ts';

export const folderViewSchema = z.object({
  id: z.number(),
  name: z.string(),
  translations: z.partialRecord(z.enum(LANGUAGE_IDS), z.string()),
  /** The name in the reader's language. */
  displayName: z.string(),
  parentFolder: z.object({ id: z.number() }).nullable(),
  documentCount: z.number(),
});
export type FolderView = z.infer<typeof folderViewSchema>;
