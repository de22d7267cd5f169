import { Anchor, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { checkResetPasswordForm } from '@rope/domain/auth/account-checks';
import { PASSWORD_MIN_LENGTH } from '@rope/domain/users/fields';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { useDomainForm } from '../../../lib/domain-form';
import { resetPassword } from '../api';
import { FormSubmit } from './form-submit';
import { ResetSuccessDialog } from './reset-success-dialog';

interface ResetPasswordFormProps {
  token: string;
  onDone: () => void;
}

/** Sets a new password with the mailed token; an empty field does nothing. */
export function ResetPasswordForm({ token, onDone }: ResetPasswordFormProps) {
  const { t } = useTranslation();
  const { form, onSubmit } = useDomainForm({
    initialValues: { password: '' },
    validate: checkResetPasswordForm,
  });
  const mutation = useMutation({ mutationFn: (password: string) => resetPassword(token, password) });

  const submit = onSubmit(({ password }) => {
    if (password !== '') mutation.mutate(password);
  });
  const failure =
    mutation.error instanceof ApiError && mutation.error.status >= 400 && mutation.error.status < 500
      ? t('auth.messages.resetFailed')
      : t('auth.reset.failedLater');

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={1}>{t('auth.reset.title')}</Title>
        <Text size="sm">{t('auth.reset.text', { minPasswordLength: PASSWORD_MIN_LENGTH })}</Text>
        <PasswordInput
          label={t('auth.reset.password')}
          autoComplete="new-password"
          visibilityToggleButtonProps={{ 'aria-label': t('auth.togglePassword') }}
          autoFocus
          {...form.getInputProps('password')}
        />
        <FormSubmit failure={mutation.isError ? failure : null} loading={mutation.isPending}>
          {t('auth.reset.submit')}
        </FormSubmit>
        <Anchor component="button" type="button" size="sm" ta="center" onClick={onDone}>
          {t('auth.backToLogin')}
        </Anchor>
      </Stack>
      <ResetSuccessDialog opened={mutation.isSuccess} onClose={onDone} />
    </form>
  );
}
