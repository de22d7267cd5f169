import { Alert, Button, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppLoader } from '../../../components/app-loader';
import { useHealth } from '../api';
import { HealthCard } from '../components/health-card';

/** The home screen until the areas arrive: product name and the server's live state. */
export function StartPage() {
  const { t } = useTranslation();
  const health = useHealth();

  if (health.isPending) return <AppLoader detail={t('health.checking')} />;

  return (
    <Container size="sm" py="xl">
      <Stack gap="lg" mt="xl">
        <Stack gap="xs">
          <Title order={1}>{t('app.name')}</Title>
          <Text size="lg">{t('start.tagline')}</Text>
        </Stack>
        {health.isError ? (
          <Alert color="red" title={t('health.errorTitle')}>
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{t('health.error')}</Text>
              <Button
                size="xs"
                variant="light"
                color="red"
                onClick={() => void health.refetch()}
                loading={health.isFetching}
              >
                {t('health.retry')}
              </Button>
            </Stack>
          </Alert>
        ) : null}
        {health.data ? <HealthCard health={health.data} checkedAt={health.dataUpdatedAt} /> : null}
      </Stack>
    </Container>
  );
}
