import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Health } from '../api';

interface HealthCardProps {
  health: Health;
  checkedAt: number;
}

export function HealthCard({ health, checkedAt }: HealthCardProps) {
  const { t, i18n } = useTranslation();
  const time = new Intl.DateTimeFormat(i18n.resolvedLanguage, { timeStyle: 'medium' }).format(checkedAt);
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4">
            {t('health.title')}
          </Title>
          <Badge color={health.status === 'ok' ? 'green' : 'red'} variant="light">
            {t(`health.status.${health.status}`)}
          </Badge>
        </Group>
        <ServiceRow
          label={t('health.database')}
          kind={t(`health.kind.${health.database.kind}`)}
          ok={health.database.ok}
        />
        <ServiceRow label={t('health.queue')} kind={t(`health.kind.${health.queue.kind}`)} ok={health.queue.ok} />
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed">
            {t('health.version', { version: health.version })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('health.checkedAt', { time })}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}

interface ServiceRowProps {
  label: string;
  kind: string;
  ok: boolean;
}

function ServiceRow({ label, kind, ok }: ServiceRowProps) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" wrap="nowrap">
      <div>
        <Text fw={500}>{label}</Text>
        <Text size="sm" c="dimmed">
          {kind}
        </Text>
      </div>
      <Badge color={ok ? 'green' : 'red'}>{ok ? t('health.available') : t('health.unavailable')}</Badge>
    </Group>
  );
}
