import { Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface AppLoaderProps {
  /** What the app is waiting for, shown under the main message. */
  detail?: string;
}

/** Full-page loading state while the app gathers what its first screen needs. */
export function AppLoader({ detail }: AppLoaderProps) {
  const { t } = useTranslation();
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="xs" role="status" aria-live="polite">
        <Loader />
        <Text fw={500}>{t('app.loading')}</Text>
        {detail ? (
          <Text size="sm" c="dimmed">
            {detail}
          </Text>
        ) : null}
      </Stack>
    </Center>
  );
}
