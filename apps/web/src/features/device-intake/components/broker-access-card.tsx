import { Alert, Badge, Button, Card, Code, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { BrokerCredentials } from '@rope/domain/device-intake/broker';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from '../../../components/confirm-delete';
import { openConfirmModal } from '../../../components/confirm-modal';
import { showNotice } from '../../../components/notice';
import { ApiError } from '../../../lib/api-client';
import { messageText } from '../../../lib/messages';
import {
  type BrokerDeviceKind,
  takeNewDeviceBroker,
  useBrokerAccess,
  useRenewBrokerCredentials,
  useRevokeBrokerCredentials,
} from '../broker-api';
import { BrokerCredentialsDialog } from './broker-credentials-dialog';

/** A refused broker change in the user's language: the server's key also for 503 (a broker without the plugin). */
function brokerFailure(t: TFunction, error: unknown): string {
  if (error instanceof ApiError && error.key) return messageText(t, error.key, error.message);
  return t('common.tryLater');
}

/**
 * The device's own client on the MQTT broker: its state, "New credentials" (the password shown once) and revoking
 * it. Without a broker to administer it says the device uses the HTTP import.
 */
export function BrokerAccessCard({ kind, id }: { kind: BrokerDeviceKind; id: number }) {
  const { t } = useTranslation();
  const access = useBrokerAccess(kind, id);
  const renew = useRenewBrokerCredentials(kind, id);
  const revoke = useRevokeBrokerCredentials(kind, id);
  // A device just registered: its credentials at once, or why it has none.
  const [created] = useState(() => takeNewDeviceBroker(kind, id));
  const [shown, setShown] = useState<BrokerCredentials | null>(created?.brokerCredentials ?? null);
  const [failure, setFailure] = useState<string | null>(() =>
    created?.brokerProblem
      ? t('sensors.broker.createProblem', { reason: messageText(t, created.brokerProblem, created.brokerProblem.key) })
      : null,
  );

  const askRenew = () => {
    setFailure(null);
    renew.mutate(undefined, {
      onSuccess: (credentials) => setShown(credentials),
      onError: (error) => setFailure(brokerFailure(t, error)),
    });
  };
  const onRenew = () => {
    if (!access.data?.enabled) return askRenew();
    openConfirmModal({
      title: t('sensors.broker.renewTitle'),
      centered: true,
      closeButtonProps: { 'aria-label': t('common.actions.cancel') },
      children: <Text size="sm">{t('sensors.broker.renewMessage')}</Text>,
      labels: { confirm: t('sensors.broker.renew'), cancel: t('common.actions.cancel') },
      confirmProps: { 'data-autofocus': true },
      onConfirm: askRenew,
    });
  };
  const onRevoke = () =>
    confirmDelete({
      title: t('sensors.broker.revokeTitle'),
      message: t('sensors.broker.revokeMessage'),
      confirmLabel: t('sensors.broker.revoke'),
      cancelLabel: t('common.actions.cancel'),
      onConfirm: () => {
        setFailure(null);
        revoke.mutate(undefined, {
          onSuccess: () => showNotice(t, 'green', t('sensors.broker.revoked')),
          onError: (error) => setFailure(brokerFailure(t, error)),
        });
      },
    });

  const state = access.data;
  return (
    <Card withBorder padding="md" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t('sensors.broker.title')}
        </Title>
        {access.isPending ? <Loader size="sm" aria-label={t('common.loading')} /> : null}
        {access.isError ? <Text c="red">{t('sensors.broker.loadError')}</Text> : null}
        {state && !state.configured ? (
          <Text size="sm" c="dimmed">
            {t('sensors.broker.notConfigured')}
          </Text>
        ) : null}
        {state?.configured ? (
          <>
            <Group gap="xs">
              {state.username ? (
                <>
                  <Code>{state.username}</Code>
                  <Badge color={state.enabled ? 'green' : 'gray'} variant="light">
                    {state.enabled ? t('sensors.broker.enabled') : t('sensors.broker.disabled')}
                  </Badge>
                </>
              ) : (
                <Text size="sm">{t('sensors.broker.none')}</Text>
              )}
            </Group>
            <Text size="sm">
              {t('sensors.broker.publishes')}: <Code>{state.publish.join(', ')}</Code>
            </Text>
            <Group gap="sm">
              <Button variant="light" onClick={onRenew} loading={renew.isPending}>
                {t('sensors.broker.renew')}
              </Button>
              {state.enabled ? (
                <Button variant="subtle" color="red" onClick={onRevoke} loading={revoke.isPending}>
                  {t('sensors.broker.revoke')}
                </Button>
              ) : null}
            </Group>
          </>
        ) : null}
        {failure ? (
          <Alert color="red" title={t('sensors.broker.failed')}>
            {failure}
          </Alert>
        ) : null}
      </Stack>
      <BrokerCredentialsDialog credentials={shown} onClose={() => setShown(null)} />
    </Card>
  );
}
