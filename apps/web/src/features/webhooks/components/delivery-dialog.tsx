import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Code,
  Group,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { WHOLE_BADGE } from '../../../components/status-badge';
import { failureText } from '../../../lib/failure-text';
import { useFormat } from '../../../lib/format';
import {
  useResendWebhookDelivery,
  useWebhookDelivery,
  type WebhookAttempt,
  type WebhookDelivery,
  type WebhookDeliveryAnswer,
} from '../api';
import { attemptErrorText, eventTypeLabel, prettyBody, prettyPayload } from '../webhook-display';
import { DeliveryStatusBadge } from './webhook-badges';

interface DeliveryDialogProps {
  endpointId: number;
  delivery: WebhookDelivery | null;
  onClose: () => void;
}

/** A delivery: what it sends (the payload), every attempt with the receiver's answer, and a resend now. */
export function DeliveryDialog({ endpointId, delivery, onClose }: DeliveryDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={delivery !== null}
      onClose={onClose}
      size="xl"
      title={t('webhooks.delivery.title')}
      closeButtonProps={{ 'aria-label': t('common.actions.close') }}
    >
      {delivery ? <DeliveryContent key={delivery.id} endpointId={endpointId} deliveryId={delivery.id} /> : null}
    </Modal>
  );
}

const PRE = { whiteSpace: 'pre-wrap', wordBreak: 'break-all' } as const;

const succeeded = (attempt: WebhookAttempt | undefined) =>
  attempt !== undefined && attempt.error === null && attempt.statusCode !== null && attempt.statusCode < 300;

function DeliveryContent({ endpointId, deliveryId }: { endpointId: number; deliveryId: number }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const answer = useWebhookDelivery(endpointId, deliveryId);
  const resend = useResendWebhookDelivery(endpointId, deliveryId);
  if (answer.isPending) {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (!answer.data) return <Alert color="red">{failureText(t, answer.error, t('webhooks.delivery.loadError'))}</Alert>;
  const { delivery, payload, attempts } = answer.data;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="sm" verticalSpacing="sm">
        <Fact label={t('webhooks.deliveries.eventType')}>{eventTypeLabel(t, delivery.eventType)}</Fact>
        <Fact label={t('common.fields.status')}>
          <DeliveryStatusBadge status={delivery.status} />
        </Fact>
        <Fact label={t('webhooks.deliveries.attempts')}>{fmt.integer(delivery.attempts)}</Fact>
        <Fact label={t('webhooks.deliveries.time')}>{fmt.dateTime(delivery.createdAt)}</Fact>
        <Fact label={t('webhooks.delivery.deliveredAt')}>
          {delivery.deliveredAt ? fmt.dateTime(delivery.deliveredAt) : t('common.noValue')}
        </Fact>
        <Fact label={t('webhooks.deliveries.nextAttempt')}>
          {delivery.status === 'pending' && delivery.nextAttemptAt
            ? fmt.dateTime(delivery.nextAttemptAt)
            : t('common.noValue')}
        </Fact>
        <Fact label={t('webhooks.delivery.messageId')}>
          <Code style={PRE}>{delivery.messageId}</Code>
        </Fact>
      </SimpleGrid>

      <Stack gap="xs">
        <Group gap="sm" wrap="wrap">
          <Button onClick={() => resend.mutate()} loading={resend.isPending}>
            {t('webhooks.delivery.resend')}
          </Button>
          <Text size="sm" c="dimmed" style={{ flex: '1 1 240px' }}>
            {t('webhooks.delivery.resendHint')}
          </Text>
        </Group>
        <ResendOutcome answer={resend.data} error={resend.error} />
      </Stack>

      <Stack gap="xs" component="section" aria-labelledby="webhook-payload-title">
        <Title order={3} size="h5" id="webhook-payload-title">
          {t('webhooks.delivery.payload')}
        </Title>
        <Code block style={PRE} data-testid="webhook-payload">
          {prettyPayload(payload)}
        </Code>
      </Stack>

      <Stack gap="sm" component="section" aria-labelledby="webhook-attempts-title">
        <Title order={3} size="h5" id="webhook-attempts-title">
          {t('webhooks.deliveries.attempts')}
        </Title>
        {attempts.length === 0 ? <Text size="sm">{t('webhooks.delivery.noAttempts')}</Text> : null}
        {attempts.map((attempt) => (
          <AttemptCard key={attempt.id} attempt={attempt} />
        ))}
      </Stack>
    </Stack>
  );
}

/** How the resend went: the newest attempt of the answer. */
function ResendOutcome({ answer, error }: { answer: WebhookDeliveryAnswer | undefined; error: Error | null }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  if (error) return <Alert color="red">{failureText(t, error, t('common.tryLater'))}</Alert>;
  const attempt = answer?.attempts[0];
  if (!attempt) return null;
  const duration = t('webhooks.delivery.ms', { value: fmt.integer(attempt.durationMs) });
  return succeeded(attempt) ? (
    <Alert color="green" role="status">
      {t('webhooks.delivery.resent', { code: attempt.statusCode, duration })}
    </Alert>
  ) : (
    <Alert color="red" role="status">
      {t('webhooks.delivery.resendFailed', {
        result: attempt.error
          ? attemptErrorText(t, attempt.error)
          : t('webhooks.deliveries.code', { code: attempt.statusCode }),
      })}
    </Alert>
  );
}

function AttemptCard({ attempt }: { attempt: WebhookAttempt }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const ok = succeeded(attempt);
  const headers = Object.entries(attempt.requestHeaders)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n');
  return (
    <Card withBorder padding="sm" radius="md" data-testid="webhook-attempt">
      <Stack gap="xs">
        <Group gap="xs" wrap="wrap">
          <Text size="sm" fw={600}>
            {fmt.dateTime(attempt.attemptedAt)}
          </Text>
          <Badge {...WHOLE_BADGE} variant="light" color={ok ? 'green' : 'red'}>
            {attempt.statusCode === null
              ? t('webhooks.delivery.noAnswer')
              : t('webhooks.deliveries.code', { code: attempt.statusCode })}
          </Badge>
          <Badge {...WHOLE_BADGE} variant="light" color="gray">
            {t(`webhooks.delivery.triggers.${attempt.trigger}`)}
          </Badge>
          <Text size="sm" c="dimmed">
            {t('webhooks.delivery.ms', { value: fmt.integer(attempt.durationMs) })}
          </Text>
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {attempt.url}
        </Text>
        {attempt.error ? (
          <Text size="sm" c="red.8" style={{ overflowWrap: 'anywhere' }}>
            {t('webhooks.delivery.error', { error: attemptErrorText(t, attempt.error) })}
          </Text>
        ) : null}
        <Text size="sm" fw={600}>
          {t('webhooks.delivery.requestHeaders')}
        </Text>
        <Code block style={PRE}>
          {headers}
        </Code>
        <Text size="sm" fw={600}>
          {t('webhooks.delivery.responseBody')}
        </Text>
        {attempt.responseBody ? (
          <Code block style={PRE}>
            {prettyBody(attempt.responseBody)}
          </Code>
        ) : (
          <Text size="sm">{t('webhooks.delivery.noBody')}</Text>
        )}
      </Stack>
    </Card>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}
