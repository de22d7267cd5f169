import { useDebouncedValue } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { checkSamlProvider } from './api';

const SAML_CHECK_DELAY_MS = 300;
const samlKey = (username: string) => ['saml-check', username] as const;
const STALE_MS = 5 * 60_000;

/**
 * Whether the typed username signs in through an identity provider: checked once typing pauses, and for
 * certain on submit (`resolve`), so autofilled usernames are covered too.
 */
export function useSamlProvider(username: string) {
  const queryClient = useQueryClient();
  const trimmed = username.trim();
  const [debounced] = useDebouncedValue(trimmed, SAML_CHECK_DELAY_MS);
  const query = useQuery({
    queryKey: samlKey(debounced),
    queryFn: () => checkSamlProvider(debounced),
    enabled: debounced !== '',
    staleTime: STALE_MS,
  });
  const provider = debounced === trimmed && trimmed !== '' ? (query.data ?? null) : null;
  const resolve = useCallback(
    (name: string) =>
      queryClient.fetchQuery({ queryKey: samlKey(name), queryFn: () => checkSamlProvider(name), staleTime: STALE_MS }),
    [queryClient],
  );
  return { provider, resolve };
}
