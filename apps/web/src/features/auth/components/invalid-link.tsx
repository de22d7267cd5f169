import { Alert, Anchor, Button, Group, Stack, Title } from '@mantine/core';
import type { ResetReason } from '@rope/domain/auth/rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoginViews } from './login-views';

/**
 * A reset or activation link that no longer works: says so at once and offers a new mail of either kind (the
 * page cannot tell which kind the link was, and must not tell whether an account exists).
 */
export function InvalidResetLink() {
  const { t } = useTranslation();
  const [reason, setReason] = useState<ResetReason | null>(null);
  if (reason) return <LoginViews next="/" ssoFailed={false} linkFailed={false} initial={{ kind: 'request', reason }} />;
  return (
    <Stack gap="md">
      <Title order={2}>{t('auth.invalidLink.resetTitle')}</Title>
      <Alert color="orange" role="alert">
        {t('auth.invalidLink.resetText')}
      </Alert>
      <Group grow wrap="wrap">
        <Button onClick={() => setReason('reset')}>{t('auth.invalidLink.newReset')}</Button>
        <Button variant="light" onClick={() => setReason('activate')}>
          {t('auth.invalidLink.newActivation')}
        </Button>
      </Group>
      <Anchor component={Link} to="/login" size="sm" ta="center">
        {t('auth.backToLogin')}
      </Anchor>
    </Stack>
  );
}
