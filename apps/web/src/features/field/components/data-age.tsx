import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';
import { useOnline } from '../field-state';

/**
 * How old a figure shown offline is: when the server answered it. Online the screens are current and say nothing.
 * The page says it for its header; each section (chart, events, tasks, documents) for what it shows, fetched apart.
 */
export function DataAge({ fetchedAt, testId = 'data-age' }: { fetchedAt: number; testId?: string }) {
  const { t } = useTranslation();
  const online = useOnline();
  const format = useFormat();
  if (online || fetchedAt <= 0) return null;
  return (
    <Text size="sm" c="dimmed" data-testid={testId}>
      {t('field.age', { time: format.dateTime(fetchedAt) })}
    </Text>
  );
}
