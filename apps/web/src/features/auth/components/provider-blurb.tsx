import { List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const POINTS = ['pointInspection', 'pointForecast', 'pointReports'] as const;

/** The provider's short pitch beside the sign-in form. */
export function ProviderBlurb() {
  const { t } = useTranslation();
  return (
    <Stack
      gap="sm"
      p="xl"
      maw={520}
      c="white"
      style={{ background: 'rgba(10, 25, 41, 0.62)', borderRadius: 'var(--mantine-radius-md)' }}
    >
      <Text size="sm" tt="uppercase" fw={600} c="blue.2">
        {t('auth.provider.eyebrow')}
      </Text>
      <Title order={2} c="white">
        {t('auth.provider.title')}
      </Title>
      <Text>{t('auth.provider.text')}</Text>
      <List spacing="xs" c="white">
        {POINTS.map((point) => (
          <List.Item key={point}>{t(`auth.provider.${point}`)}</List.Item>
        ))}
      </List>
    </Stack>
  );
}
