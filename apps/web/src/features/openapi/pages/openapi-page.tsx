import { Anchor, Box, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ScreenAlert } from '../../../components/screen-alert';
import { useCan, useSessionUser } from '../../../lib/session/session';

export const API_DOC_URL = '/api/doc';
export const API_DOC_JSON_URL = '/api/doc/json';

/** /openapi: the API documentation the server generates from its schemas, embedded. */
export function OpenapiPage() {
  const { t } = useTranslation();
  const sessionUser = useSessionUser();
  const allowed = useCan('API_PAGE');
  if (sessionUser && !allowed)
    return (
      <ScreenAlert title={t('openapi.title')} color="yellow">
        {t('openapi.forbidden')}
      </ScreenAlert>
    );
  return (
    <Stack gap="sm" h="100%">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={2}>
          <Title order={1}>{t('openapi.title')}</Title>
          <Text size="sm" c="dimmed">
            {t('openapi.intro')}
          </Text>
        </Stack>
        <Group gap="md">
          <Anchor href={API_DOC_JSON_URL} target="_blank" rel="noopener" size="sm">
            {t('openapi.rawDocument')}
          </Anchor>
          <Anchor href={API_DOC_URL} target="_blank" rel="noopener" size="sm">
            {t('openapi.newTab')}
          </Anchor>
        </Group>
      </Group>
      <Box
        component="iframe"
        src={API_DOC_URL}
        title={t('openapi.title')}
        // Fills the window below the shell's header and this page's heading.
        h="calc(100dvh - var(--app-shell-header-height, 0px) - 7.5rem)"
        mih={480}
        w="100%"
        style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-sm)' }}
      />
    </Stack>
  );
}
