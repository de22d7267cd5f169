import { type FolderBody, folderBodySchema } from '@rope/domain/folders/schemas';
import type { FolderView } from '@rope/domain/folders/views';
import type { DomainFormSpec } from '../../lib/domain-form';

/** The languages a folder needs a translation in besides its English name. */
export const TRANSLATED_LANGUAGES = ['DES', 'FRS', 'ESP'] as const;

export interface FolderFormValues {
  name: string;
  DES: string;
  FRS: string;
  ESP: string;
  /** The parent's id as the select holds it; empty for the top level. */
  parent: string;
}

export function initialFolderValues(folder: FolderView | undefined, parentId: number | null): FolderFormValues {
  return {
    name: folder?.name ?? '',
    DES: folder?.translations.DES ?? '',
    FRS: folder?.translations.FRS ?? '',
    ESP: folder?.translations.ESP ?? '',
    parent: String(folder ? (folder.parentFolder?.id ?? '') : (parentId ?? '')),
  };
}

export function toFolderInput(values: FolderFormValues): Record<string, unknown> {
  const translations = Object.fromEntries(
    TRANSLATED_LANGUAGES.map((language) => [language, values[language].trim()]).filter(([, text]) => text !== ''),
  );
  return {
    name: values.name,
    translations,
    parentFolder: values.parent ? { id: Number(values.parent) } : null,
  };
}

/** The folder dialog on the domain's schema: name required, a translation for every other language. */
export const folderFormSpec: DomainFormSpec<FolderFormValues, FolderBody> = {
  schema: folderBodySchema,
  toInput: toFolderInput,
  entity: 'folder',
  fieldOf: (path) => {
    if (path.startsWith('translations.')) return path.slice('translations.'.length);
    if (path.startsWith('parentFolder')) return 'parent';
    return path;
  },
};
