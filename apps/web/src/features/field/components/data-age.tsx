import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';
import { useOnline } from '../field-context';

/** How old a figure shown offline is: when the server answered it. Online the screens are current and say nothing. */
export function DataAge({ fetchedAt }: { fetchedAt: number }) {
  const { t } = useTranslation();
  const online = useOnline();
  const format = useFormat();
  if (online || fetchedAt <= 0) return null;
  return (
    <Text size="sm" c="dimmed" data-testid="data-age">
      {t('field.age', { time: format.dateTime(fetchedAt) })}
    </Text>
  );
}
