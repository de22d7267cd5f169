import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { parseId } from '@rope/domain/ids';
import { lazy, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { confirmDelete } from '../../../components/confirm-delete';
import { openConfirmModal } from '../../../components/confirm-modal';
import { BackIcon } from '../../../components/icons';
import { showNotice } from '../../../components/notice';
import { OpenedOnce } from '../../../components/opened-once';
import { LoadFailedScreen } from '../../../components/screen-alert';
import { ApiError } from '../../../lib/api-client';
import { failureText } from '../../../lib/failure-text';
import { useFormat } from '../../../lib/format';
import {
  useDeleteWebhookEndpoint,
  useRotateWebhookSecret,
  useSendWebhookTest,
  useUpdateWebhookEndpoint,
  useWebhookEndpoint,
  type WebhookEndpoint,
} from '../api';
import { DeliveriesSection } from '../components/deliveries-section';
import { SecretOnce } from '../components/secret-once';
import { EndpointStateBadge } from '../components/webhook-badges';
import { WebhooksOnly } from '../components/webhooks-only';
import { useWebhookMandators } from '../use-webhook-mandators';
import { eventTypeLabel, previousSecretSigns } from '../webhook-display';

const WebhookDialog = lazy(() =>
  import('../components/webhook-dialog').then((module) => ({ default: module.WebhookDialog })),
);

/** /webhooks/:id: one endpoint, its settings and actions, and its deliveries with every attempt. */
export function WebhookPage() {
  return (
    <WebhooksOnly>
      <LoadedEndpoint />
    </WebhooksOnly>
  );
}

function LoadedEndpoint() {
  const { t } = useTranslation();
  const id = parseId(useParams().id);
  const endpoint = useWebhookEndpoint(id, true);
  if (id !== undefined && endpoint.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (!endpoint.data) {
    return (
      <LoadFailedScreen
        error={endpoint.error ?? new ApiError(404, 'NOT_FOUND', 'not found')}
        notFoundText={t('webhooks.notFound')}
        loadErrorText={t('webhooks.loadError')}
      />
    );
  }
  return <EndpointScreen endpoint={endpoint.data} />;
}

function EndpointScreen({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Stack gap="md">
        <Group>
          <Button variant="subtle" leftSection={<BackIcon />} component={Link} to="/webhooks">
            {t('webhooks.back')}
          </Button>
        </Group>
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Stack gap={4} style={{ minWidth: 0, flex: '1 1 320px' }}>
            <Text size="sm" c="dimmed">
              {t('webhooks.one')}
            </Text>
            <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
              {endpoint.url}
            </Title>
          </Stack>
          <EndpointStateBadge endpoint={endpoint} />
        </Group>
        <DisabledNotice endpoint={endpoint} />
        <EndpointActions endpoint={endpoint} />
      </Stack>
      <EndpointSettings endpoint={endpoint} />
      <DeliveriesSection endpoint={endpoint} />
    </Stack>
  );
}

function DisabledNotice({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  if (endpoint.enabled) return null;
  const time = endpoint.disabledAt ? fmt.dateTime(endpoint.disabledAt) : t('common.noValue');
  return endpoint.disabledReason === 'failing' ? (
    <Alert color="red" title={t('webhooks.states.failing')}>
      {t('webhooks.notices.failing', { time })}
    </Alert>
  ) : (
    <Alert color="gray" title={t('webhooks.states.manual')}>
      {t('webhooks.notices.manual', { time })}
    </Alert>
  );
}

function EndpointActions({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const update = useUpdateWebhookEndpoint(endpoint.id);
  const rotate = useRotateWebhookSecret(endpoint.id);
  const test = useSendWebhookTest(endpoint.id);
  const remove = useDeleteWebhookEndpoint(endpoint.id);
  const [editing, setEditing] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const failed = (error: Error) => showNotice(t, 'red', failureText(t, error, t('common.tryLater')));

  const toggle = () =>
    update.mutate(
      { enabled: !endpoint.enabled },
      {
        onSuccess: (changed) =>
          showNotice(t, 'green', changed.enabled ? t('webhooks.actions.enabled') : t('webhooks.actions.disabled')),
        onError: failed,
      },
    );

  const askRotate = () =>
    openConfirmModal({
      title: t('webhooks.secret.rotateTitle'),
      centered: true,
      closeButtonProps: { 'aria-label': t('common.actions.cancel') },
      children: <Text size="sm">{t('webhooks.secret.rotateConfirm')}</Text>,
      labels: { confirm: t('webhooks.secret.rotate'), cancel: t('common.actions.cancel') },
      confirmProps: { 'data-autofocus': true },
      onConfirm: () => rotate.mutate(undefined, { onSuccess: (answer) => setSecret(answer.secret), onError: failed }),
    });

  const sendTest = () =>
    test.mutate(undefined, {
      onSuccess: () => showNotice(t, 'green', t('webhooks.actions.testSent')),
      onError: failed,
    });

  const askDelete = () =>
    confirmDelete({
      title: t('webhooks.actions.deleteTitle'),
      message: t('webhooks.actions.deleteConfirm', { url: endpoint.url }),
      confirmLabel: t('common.actions.delete'),
      cancelLabel: t('common.actions.cancel'),
      onConfirm: () =>
        remove.mutate(undefined, {
          onSuccess: () => {
            showNotice(t, 'green', t('webhooks.actions.deleted'));
            void navigate('/webhooks');
          },
          onError: failed,
        }),
    });

  return (
    <>
      <Group gap="sm" wrap="wrap">
        <Button variant="default" onClick={() => setEditing(true)}>
          {t('common.actions.edit')}
        </Button>
        <Button variant="default" onClick={toggle} loading={update.isPending}>
          {endpoint.enabled ? t('webhooks.actions.disable') : t('webhooks.actions.enable')}
        </Button>
        <Button variant="default" onClick={sendTest} loading={test.isPending}>
          {t('webhooks.actions.test')}
        </Button>
        <Button variant="default" onClick={askRotate} loading={rotate.isPending}>
          {t('webhooks.secret.rotate')}
        </Button>
        <Button variant="light" color="red" onClick={askDelete} loading={remove.isPending}>
          {t('common.actions.delete')}
        </Button>
      </Group>
      <OpenedOnce open={editing}>
        <WebhookDialog opened={editing} endpoint={endpoint} onClose={() => setEditing(false)} />
      </OpenedOnce>
      <Modal
        opened={secret !== null}
        onClose={() => setSecret(null)}
        size="lg"
        title={t('webhooks.secret.rotatedTitle')}
        closeButtonProps={{ 'aria-label': t('common.actions.close') }}
      >
        {secret ? <SecretOnce secret={secret} onClose={() => setSecret(null)} /> : null}
      </Modal>
    </>
  );
}

function EndpointSettings({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const mandators = useWebhookMandators();
  const previousSigns = previousSecretSigns(endpoint, Date.now());
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-labelledby="webhook-settings-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="webhook-settings-title">
          {t('webhooks.settings')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md" verticalSpacing="sm">
          <Fact label={t('common.fields.description')}>{endpoint.description || t('common.noValue')}</Fact>
          {mandators.several ? (
            <Fact label={t('common.fields.mandator')}>{mandators.nameOf(endpoint.mandatorId)}</Fact>
          ) : null}
          <Fact label={t('webhooks.fields.registered')}>{fmt.dateTime(endpoint.createdAt)}</Fact>
          <Fact label={t('webhooks.fields.pending')}>{fmt.integer(endpoint.pendingDeliveries)}</Fact>
          <Fact label={t('webhooks.fields.lastDelivery')}>
            {endpoint.lastDeliveryAt ? fmt.dateTime(endpoint.lastDeliveryAt) : t('webhooks.fields.never')}
          </Fact>
          <Fact label={t('webhooks.secret.title')}>
            {previousSigns && endpoint.previousSecretExpiresAt
              ? t('webhooks.secret.previousUntil', { time: fmt.dateTime(endpoint.previousSecretExpiresAt) })
              : t('webhooks.secret.kept')}
          </Fact>
        </SimpleGrid>
        <Stack gap={6}>
          <Text size="sm" fw={600} id="webhook-event-types">
            {t('webhooks.fields.eventTypes')}
          </Text>
          <Group gap={6} wrap="wrap" component="ul" aria-labelledby="webhook-event-types" p={0} m={0}>
            {endpoint.eventTypes.map((type) => (
              <Badge key={type} component="li" variant="default" tt="none" fw={500} title={type}>
                {eventTypeLabel(t, type)}
              </Badge>
            ))}
          </Group>
        </Stack>
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
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}
