import type { FolderView } from '@rope/domain/folders/views';
import type { LanguageId } from '@rope/domain/languages';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client';
import { documentKeys, useLanguageHeader, useRefreshDocuments } from '../documents';

export function useFolders() {
  const language = useLanguageHeader();
  return useQuery({
    queryKey: documentKeys.folders(language),
    queryFn: ({ signal }) =>
      apiFetch<{ folders: FolderView[] }>('/folders', { signal, headers: { 'Accept-Language': language } }).then(
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
        ? apiFetch<{ folder: FolderView }>('/folders', { method: 'POST', body: { folder } })
        : apiFetch<{ folder: FolderView }>(`/folders/${id}`, { method: 'PATCH', body: { folder } }),
    onSuccess: refresh,
  });
}

export function useDeleteFolder() {
  const refresh = useRefreshDocuments();
  return useMutation({
    mutationFn: (id: number) => apiFetch<void>(`/folders/${id}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}
