import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { dataOf, typedApi } from '../../lib/typed-api';
import type { SelectOption } from './components/attribute-fields';

type NameMap = Record<string, string>;

/** Map of id to label as options, sorted by label in the interface language. */
export function toOptions(names: NameMap | undefined, language: string): SelectOption[] {
  const collator = new Intl.Collator(language);
  return Object.entries(names ?? {})
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => collator.compare(a.label, b.label));
}

function useNames(kind: 'country' | 'timezone', enabled: boolean) {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const query = useQuery({
    queryKey: ['intl', kind, language],
    queryFn: ({ signal }) =>
      dataOf(
        typedApi.GET(kind === 'country' ? '/api/intl/country' : '/api/intl/timezone', {
          headers: { 'Accept-Language': language },
          signal,
        }),
      ),
    staleTime: Number.POSITIVE_INFINITY,
    enabled,
  });
  return { options: toOptions(query.data, language), loading: query.isPending && enabled };
}

/** Country names in the interface language (GET /intl/country/). */
export function useCountries(enabled = true) {
  return useNames('country', enabled);
}

/** Time zones in the interface language (GET /intl/timezone/). */
export function useTimezones(enabled = true) {
  return useNames('timezone', enabled);
}
