import { Anchor, Stack, Text, Title } from '@mantine/core';
import { checkSignInCodeForm } from '@rope/domain/auth/account-checks';
import { TOTP_DIGITS } from '@rope/domain/auth/two-factor-codes';
import type { TwoFactorMethod } from '@rope/domain/users/fields';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LimitedTextInput } from '../../../components/limited-input';
import { useDomainForm } from '../../../lib/domain-form';
import { failureText } from '../../../lib/failure-text';
import { logout } from '../../../lib/session/session';
import { submitTwoFactorCode } from '../api';
import { useClearSession, useFinishLogin } from '../use-finish-login';
import { FormSubmit } from './form-submit';

interface TwoFactorFormProps {
  method: TwoFactorMethod | null | undefined;
}

/** The second step of a sign-in: the code of the authenticator app or the one mailed to the user. */
export function TwoFactorForm({ method }: TwoFactorFormProps) {
  const { t } = useTranslation();
  const finishLogin = useFinishLogin();
  const clearSession = useClearSession();
  const { form, onSubmit } = useDomainForm({
    initialValues: { code: '' },
    validate: checkSignInCodeForm,
  });
  const mutation = useMutation({ mutationFn: submitTwoFactorCode, onSuccess: finishLogin });
  const cancel = useMutation({ mutationFn: logout, onSettled: clearSession });

  return (
    <form onSubmit={onSubmit(({ code }) => mutation.mutate(code.replace(/\s/g, '')))} noValidate>
      <Stack gap="md">
        <Title order={1}>{t('common.fields.twoFactor')}</Title>
        <Text size="sm">
          {method === 'email' ? t('auth.twoFactor.emailText') : t('auth.twoFactor.authenticatorText')}
        </Text>
        <LimitedTextInput
          label={t('auth.twoFactor.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          limit={TOTP_DIGITS + 2}
          autoFocus
          required
          {...form.getInputProps('code')}
        />
        <FormSubmit
          failure={mutation.isError ? failureText(t, mutation.error, t('auth.login.failed')) : null}
          loading={mutation.isPending}
        >
          {t('auth.twoFactor.submit')}
        </FormSubmit>
        <Anchor
          component="button"
          type="button"
          size="sm"
          ta="center"
          onClick={() => cancel.mutate()}
          disabled={cancel.isPending}
        >
          {t('auth.twoFactor.cancel')}
        </Anchor>
      </Stack>
    </form>
  );
}
