import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import type { ResetReason } from '@rope/domain/auth/rules';
import { useTranslation } from 'react-i18next';

interface MailSentProps {
  reason: ResetReason;
  onTryAgain: () => void;
  onBack: () => void;
}

/** The neutral answer to a reset or activation request: it never tells whether the account exists. */
export function MailSent({ reason, onTryAgain, onBack }: MailSentProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" role="status">
      <Title order={1}>{reason === 'reset' ? t('auth.mailSent.resetTitle') : t('auth.mailSent.activateTitle')}</Title>
      <Text>{t('auth.messages.resetRequested')}</Text>
      <Text size="sm" c="dimmed">
        {t('auth.mailSent.spam')}
      </Text>
      <Group justify="space-between">
        <Anchor component="button" type="button" size="sm" onClick={onTryAgain}>
          {t('common.actions.tryAgain')}
        </Anchor>
        <Anchor component="button" type="button" size="sm" onClick={onBack}>
          {t('auth.backToLogin')}
        </Anchor>
      </Group>
    </Stack>
  );
}
