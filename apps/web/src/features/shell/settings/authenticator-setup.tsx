import { Alert, Button, Center, Code, CopyButton, Group, Image, Loader, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { TOTP_DIGITS } from '@rope/domain/auth/two-factor-codes';
import { useTranslation } from 'react-i18next';
import { LimitedTextInput } from '../../../components/limited-input';
import { type TwoFactorFormValues, twoFactorQrUrl } from './api';

const QR_SIZE = 184;

interface AuthenticatorSetupProps {
  secret: string | undefined;
  loading: boolean;
  failed: boolean;
  form: UseFormReturnType<TwoFactorFormValues>;
}

/** The new secret as QR code and as text, and the code that proves the app has it. */
export function AuthenticatorSetup({ secret, loading, failed, form }: AuthenticatorSetupProps) {
  const { t } = useTranslation();
  if (failed) {
    return (
      <Alert color="red" role="alert">
        {t('settings.failed')}
      </Alert>
    );
  }
  if (loading || !secret) {
    return (
      <Center h={QR_SIZE}>
        <Loader />
      </Center>
    );
  }
  return (
    <Stack gap="sm">
      <Text size="sm">{t('settings.twoFactor.scan')}</Text>
      <Group align="flex-start" gap="lg" wrap="wrap">
        <Image src={twoFactorQrUrl(secret)} alt={t('settings.twoFactor.qrAlt')} w={QR_SIZE} h={QR_SIZE} fit="contain" />
        <Stack gap="xs" style={{ flex: 1, minWidth: 200 }}>
          <Text size="sm" fw={500}>
            {t('settings.twoFactor.secret')}
          </Text>
          <Code block data-testid="totp-secret" style={{ wordBreak: 'break-all' }}>
            {secret}
          </Code>
          <CopyButton value={secret}>
            {({ copied, copy }) => (
              <Button size="xs" variant="light" color={copied ? 'teal' : undefined} onClick={copy} w="fit-content">
                {copied ? t('settings.twoFactor.copied') : t('settings.twoFactor.copy')}
              </Button>
            )}
          </CopyButton>
          <LimitedTextInput
            label={t('settings.twoFactor.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            limit={TOTP_DIGITS + 2}
            required
            {...form.getInputProps('code')}
          />
        </Stack>
      </Group>
    </Stack>
  );
}
