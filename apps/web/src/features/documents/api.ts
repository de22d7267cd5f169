import type { DocumentTargetType } from '@rope/domain/documents/kinds';
import type { DocumentView } from '@rope/domain/documents/views';
import type { LanguageId } from '@rope/domain/languages';
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
};

/** A list's address, asked as the impersonated user when an admin shows the screens as one. */
export function withShowAs(path: string, showAs: number | null, extra: Record<string, string> = {}): string {
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
export function useLanguageHeader() {
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

export function useRefreshDocuments() {
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
