import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A signing secret shown this once, with a copy button: it is kept sealed and never shown again. */
export function SecretOnce({ secret, onClose }: { secret: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Alert color="orange">{t('webhooks.secret.copyNow')}</Alert>
      <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} data-testid="webhook-secret">
        {secret}
      </Code>
      <Text size="sm">{t('webhooks.secret.usage')}</Text>
      <Group justify="flex-end">
        <CopyButton value={secret}>
          {({ copied, copy }) => (
            <Button variant="light" color={copied ? 'teal' : undefined} onClick={copy}>
              {copied ? t('webhooks.secret.copied') : t('webhooks.secret.copy')}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onClose}>{t('common.actions.close')}</Button>
      </Group>
    </Stack>
  );
}
