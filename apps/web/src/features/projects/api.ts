import { useQuery } from '@tanstack/react-query';
import { useLanguageHeader } from '../../lib/language-header';
import { dataOf, typedApi } from '../../lib/typed-api';
import { documentKeys } from '../documents';

export function useProjects(showAs: number | null) {
  const language = useLanguageHeader();
  return useQuery({
    // Under the documents' key, so that whatever refreshes the documents refreshes the projects with them.
    queryKey: [...documentKeys.all, 'projects', showAs, language],
    queryFn: ({ signal }) =>
      dataOf(
        typedApi.GET('/api/habel/installations', {
          params: { query: { showAsUser: showAs === null ? undefined : String(showAs) } },
          signal,
        }),
      ).then((answer) => answer.projects),
  });
}
