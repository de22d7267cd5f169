import type { LanguageId } from '@rope/domain/languages';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useLanguageHeader } from '../../lib/language-header';
import { dataOf, typedApi } from '../../lib/typed-api';
import { documentKeys, useRefreshDocuments } from '../documents';

export function useFolders() {
  const language = useLanguageHeader();
  return useQuery({
    queryKey: documentKeys.folders(language),
    queryFn: ({ signal }) =>
      dataOf(typedApi.GET('/api/folders', { headers: { 'Accept-Language': language }, signal })).then(
        (answer) => answer.folders,
      ),
  });
}

export interface FolderBodyInput {
  name: string;
  translations: Partial<Record<LanguageId, string>>;
  parentFolder: { id: number } | null;
}

export function useSaveFolder() {
  const refresh = useRefreshDocuments();
  return useMutation({
    mutationFn: ({ id, folder }: { id: number | undefined; folder: FolderBodyInput }) =>
      id === undefined
        ? dataOf(typedApi.POST('/api/folders', { body: { folder } }))
        : dataOf(typedApi.PATCH('/api/folders/{id}', { params: { path: { id: String(id) } }, body: { folder } })),
    onSuccess: refresh,
  });
}

export function useDeleteFolder() {
  const refresh = useRefreshDocuments();
  return useMutation({
    mutationFn: (id: number) => typedApi.DELETE('/api/folders/{id}', { params: { path: { id: String(id) } } }),
    onSuccess: refresh,
  });
}
