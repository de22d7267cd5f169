import { z } from 'zod';
import { idSchema, LANGUAGE_IDS, type LanguageId, nameText } from '../common.ts';
import { type FolderTranslations, folderTranslationsSchema } from '../documents/schemas.ts';
import { message, ruleIssue } from '../messages.ts';

/** The folder's `name` is its English name; every other language needs its translation. */
export const FOLDER_BASE_LANGUAGE: LanguageId = 'ENU';
export const FOLDER_NOT_EMPTY = message('app.errors.folderNotEmpty');
export const FOLDER_CYCLE = message('app.errors.folderCycle');

export const folderBodySchema = z
  .object({
    name: nameText,
    translations: folderTranslationsSchema.default({}),
    parentFolder: z.object({ id: idSchema }).nullable().default(null),
  })
  .superRefine((folder, ctx) => {
    for (const language of LANGUAGE_IDS) {
      if (language !== FOLDER_BASE_LANGUAGE && !folder.translations[language])
        ctx.addIssue({
          code: 'custom',
          path: ['translations', language],
          ...ruleIssue('validation.folderTranslationRequired'),
        });
    }
  })
  .transform((folder) => ({
    ...folder,
    translations: { ...folder.translations, [FOLDER_BASE_LANGUAGE]: folder.name },
  }));
export type FolderBody = z.infer<typeof folderBodySchema>;

/** The name a reader sees: the translation of their language, else the base name. */
export function folderName(folder: { name: string; translations: FolderTranslations }, language: LanguageId): string {
  return folder.translations[language] ?? folder.name;
}

/** Whether making `parentId` the parent of `folderId` would close a loop, given each folder's parent. */
export function makesFolderCycle(folderId: number, parentId: number | null, parentOf: Map<number, number | null>) {
  for (let at = parentId; at !== null; at = parentOf.get(at) ?? null) if (at === folderId) return true;
  return false;
}
