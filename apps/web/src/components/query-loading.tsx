import { Center, Loader, Text } from '@mantine/core';
import type { FetchStatus } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

interface QueryLoadingProps {
  /** The query's fetch status: 'paused' is TanStack Query waiting for a network. */
  fetchStatus: FetchStatus;
  /** What the spinner says to screen readers. */
  label: string;
  height?: number;
}

/**
 * A part of a page still to come: a spinner while it loads, and without a signal, for a part the device did not keep
 * for the field, that it comes back with a connection instead of a spinner turning for ever.
 */
export function QueryLoading({ fetchStatus, label, height }: QueryLoadingProps) {
  const { t } = useTranslation();
  return (
    <Center mih={height}>
      {fetchStatus === 'paused' ? (
        <Text size="sm" c="dimmed" data-testid="not-kept-offline">
          {t('charts.notKeptOffline')}
        </Text>
      ) : (
        <Loader size="sm" aria-label={label} />
      )}
    </Center>
  );
}
