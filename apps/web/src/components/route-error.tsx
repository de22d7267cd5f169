import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** The error page of a screen that failed (RouteErrorBoundary), translated. */
export function RouteError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <Center mih="100vh" p="md" data-testid="route-error">
      <Stack align="center" gap="sm" maw={480} ta="center">
        <Title order={1}>{t('app.error.title')}</Title>
        <Text c="dimmed">{t('app.error.text')}</Text>
        <Button onClick={() => window.location.reload()}>{t('app.error.reload')}</Button>
      </Stack>
    </Center>
  );
}
