import type { ProjectView } from '@rope/domain/projects/views';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client';
import { documentKeys, useLanguageHeader, withShowAs } from '../documents';

export function useProjects(showAs: number | null) {
  const language = useLanguageHeader();
  return useQuery({
    // Under the documents' key, so that whatever refreshes the documents refreshes the projects with them.
    queryKey: [...documentKeys.all, 'projects', showAs, language],
    queryFn: ({ signal }) =>
      apiFetch<{ projects: ProjectView[] }>(withShowAs('/habel/installations', showAs), { signal }).then(
        (answer) => answer.projects,
      ),
  });
}
