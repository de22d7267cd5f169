import type { DocumentTargetType } from '@rope/domain/documents/kinds';
import type { DocumentView } from '@rope/domain/documents/views';
import type { FolderView } from '@rope/domain/folders/views';
import type { LanguageId } from '@rope/domain/languages';
import type { ProjectView } from '@rope/domain/projects/views';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiFetch } from '../../lib/api-client';

export interface DocumentList {
  documents: DocumentView[];
  language: LanguageId;
}

/** Where a list of documents comes from: a target of the hierarchy, the general documents, or a project. */
export type DocumentSource =
  | { kind: 'target'; targetType: Exclude<DocumentTargetType, 'project'>; targetId: number }
  | { kind: 'general'; folderId?: number }
  | { kind: 'project'; installationNumber: string }
  | { kind: 'newest' };

const TARGET_PATHS: Record<Exclude<DocumentTargetType, 'project'>, string> = {
  area: 'areas',
  installation: 'installations',
  rope: 'ropes',
  event: 'events',
  folder: 'folders',
};

export const documentKeys = {
  all: ['documents'] as const,
  list: (source: DocumentSource, showAs: number | null, language: string) =>
    [...documentKeys.all, 'list', source, showAs, language] as const,
  folders: (language: string) => [...documentKeys.all, 'folders', language] as const,
  projects: (showAs: number | null, language: string) => [...documentKeys.all, 'projects', showAs, language] as const,
};

function withShowAs(path: string, showAs: number | null, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(extra);
  if (showAs !== null) params.set('showAsUser', String(showAs));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

export function documentListPath(source: DocumentSource, showAs: number | null = null): string {
  switch (source.kind) {
    case 'target':
      return withShowAs(`/${TARGET_PATHS[source.targetType]}/${source.targetId}/documents`, showAs);
    case 'general':
      return withShowAs('/documents', showAs, source.folderId ? { folderId: String(source.folderId) } : {});
    case 'project':
      return withShowAs(`/habel/installations/${encodeURIComponent(source.installationNumber)}/documents`, showAs);
    case 'newest':
      return withShowAs('/habel/documents', showAs, { limit: '5' });
  }
}

/** The interface language sent as Accept-Language, so the list is ordered and marked for the reader. */
function useLanguageHeader() {
  const { i18n } = useTranslation();
  return i18n.resolvedLanguage ?? i18n.language;
}

export function useDocuments(source: DocumentSource, showAs: number | null = null, enabled = true) {
  const language = useLanguageHeader();
  return useQuery({
    queryKey: documentKeys.list(source, showAs, language),
    queryFn: ({ signal }) =>
      apiFetch<DocumentList>(documentListPath(source, showAs), { signal, headers: { 'Accept-Language': language } }),
    enabled,
  });
}

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

export function useProjects(showAs: number | null) {
  const language = useLanguageHeader();
  return useQuery({
    queryKey: documentKeys.projects(showAs, language),
    queryFn: ({ signal }) =>
      apiFetch<{ projects: ProjectView[] }>(withShowAs('/habel/installations', showAs), { signal }).then(
        (answer) => answer.projects,
      ),
  });
}

function useRefreshDocuments() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: documentKeys.all });
}

export function usePatchDocument() {
  const refresh = useRefreshDocuments();
  return useMutation({
    mutationFn: ({ id, location }: { id: number; location: string }) =>
      apiFetch<{ document: DocumentView }>(`/documents/${id}`, { method: 'PATCH', body: { document: { location } } }),
    onSuccess: refresh,
  });
}

export function useDeleteDocument() {
  const refresh = useRefreshDocuments();
  return useMutation({
    mutationFn: (id: number) => apiFetch<void>(`/documents/${id}`, { method: 'DELETE' }),
    onSuccess: refresh,
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

export { useRefreshDocuments };
