import type { DocumentTargetType } from '@rope/domain/documents/kinds';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLanguageHeader } from '../../lib/language-header';
import { type AnswerOf, dataOf, typedApi } from '../../lib/typed-api';

/** A list of documents with the language its names are in. */
export type DocumentList = AnswerOf<'/api/documents', 'get'>;

/** Where a list of documents comes from: a target of the hierarchy, the general documents, or a project. */
export type DocumentSource =
  | { kind: 'target'; targetType: Exclude<DocumentTargetType, 'project'>; targetId: number }
  | { kind: 'general'; folderId?: number }
  | { kind: 'project'; installationNumber: string }
  | { kind: 'newest' };

export const documentKeys = {
  all: ['documents'] as const,
  list: (source: DocumentSource, showAs: number | null, language: string) =>
    [...documentKeys.all, 'list', source, showAs, language] as const,
  folders: (language: string) => [...documentKeys.all, 'folders', language] as const,
};

/** A list asked as the impersonated user when an admin shows the screens as one. */
const showAsQuery = (showAs: number | null) => (showAs === null ? {} : { showAsUser: String(showAs) });

interface ListRequest {
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

type Target = Extract<DocumentSource, { kind: 'target' }>;

function targetDocuments(target: Target, query: { showAsUser?: string }, request: ListRequest): Promise<DocumentList> {
  const params = { path: { id: String(target.targetId) }, query };
  switch (target.targetType) {
    case 'area':
      return dataOf(typedApi.GET('/api/areas/{id}/documents', { params, ...request }));
    case 'installation':
      return dataOf(typedApi.GET('/api/installations/{id}/documents', { params, ...request }));
    case 'rope':
      return dataOf(typedApi.GET('/api/ropes/{id}/documents', { params, ...request }));
    case 'event':
      return dataOf(typedApi.GET('/api/events/{id}/documents', { params, ...request }));
    case 'folder':
      return dataOf(typedApi.GET('/api/folders/{id}/documents', { params, ...request }));
  }
}

/** The documents of a source, as GET answers them. */
export function fetchDocuments(
  source: DocumentSource,
  showAs: number | null = null,
  request: ListRequest = {},
): Promise<DocumentList> {
  const query = showAsQuery(showAs);
  switch (source.kind) {
    case 'target':
      return targetDocuments(source, query, request);
    case 'general':
      return dataOf(
        typedApi.GET('/api/documents', {
          params: { query: { ...(source.folderId ? { folderId: String(source.folderId) } : {}), ...query } },
          ...request,
        }),
      );
    case 'project':
      return dataOf(
        typedApi.GET('/api/habel/installations/{installationNumber}/documents', {
          params: { path: { installationNumber: source.installationNumber }, query },
          ...request,
        }),
      );
    case 'newest':
      return dataOf(typedApi.GET('/api/habel/documents', { params: { query: { limit: '5', ...query } }, ...request }));
  }
}

export function useDocuments(source: DocumentSource, showAs: number | null = null, enabled = true) {
  const language = useLanguageHeader();
  return useQuery({ ...documentsQuery(source, showAs, language), enabled });
}

/** A list of documents in the reader's language (the Accept-Language the API names documents by). */
export function documentsQuery(source: DocumentSource, showAs: number | null, language: string) {
  return queryOptions({
    queryKey: documentKeys.list(source, showAs, language),
    queryFn: ({ signal }) => fetchDocuments(source, showAs, { signal, headers: { 'Accept-Language': language } }),
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
      dataOf(
        typedApi.PATCH('/api/documents/{id}', {
          params: { path: { id: String(id) } },
          body: { document: { location } },
        }),
      ),
    onSuccess: refresh,
  });
}

export function useDeleteDocument() {
  const refresh = useRefreshDocuments();
  return useMutation({
    mutationFn: (id: number) => typedApi.DELETE('/api/documents/{id}', { params: { path: { id: String(id) } } }),
    onSuccess: refresh,
  });
}
