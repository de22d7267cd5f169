import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/** Replaces react-router's developer error page with a translated one. */
export function RouteError() {
  const error = useRouteError();
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
