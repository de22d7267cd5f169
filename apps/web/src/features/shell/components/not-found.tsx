import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Any path inside the shell that no screen answers. */
export function NotFound() {
  const { t } = useTranslation();
  return (
    <Stack align="flex-start" gap="sm" maw={560}>
      <Title order={1}>{t('shell.notFound.title')}</Title>
      <Text c="dimmed">{t('shell.notFound.text')}</Text>
      <Button component={Link} to="/" variant="light">
        {t('shell.notFound.home')}
      </Button>
    </Stack>
  );
}
