import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import type { BrokerCredentials } from '@rope/domain/device-intake/broker';
import { useTranslation } from 'react-i18next';

function CopyableValue({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Code block data-testid={testId} style={{ flex: 1, wordBreak: 'break-all' }}>
          {value}
        </Code>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button size="xs" variant="light" color={copied ? 'teal' : undefined} onClick={copy}>
              {copied ? t('sensors.broker.copied') : t('sensors.broker.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

/** Fresh broker credentials, shown this once: the cockpit keeps no password. */
export function BrokerCredentialsDialog({
  credentials,
  onClose,
}: {
  credentials: BrokerCredentials | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={credentials !== null}
      onClose={onClose}
      size="lg"
      title={t('sensors.broker.dialogTitle')}
      closeButtonProps={{ 'aria-label': t('common.actions.close') }}
    >
      {credentials ? (
        <Stack gap="md">
          <Alert color="yellow">{t('sensors.broker.onceWarning')}</Alert>
          <CopyableValue label={t('sensors.broker.username')} value={credentials.username} testId="broker-username" />
          <CopyableValue label={t('sensors.broker.password')} value={credentials.password} testId="broker-password" />
          <Text size="sm">
            {t('sensors.broker.publishes')}: <Code>{credentials.publish.join(', ')}</Code>
          </Text>
          <Text size="sm">
            {t('sensors.broker.subscribes')}: <Code>{credentials.subscribe.join(', ')}</Code>
          </Text>
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('sensors.broker.done')}</Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
