import { Alert, Anchor, Button, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { passwordSchema } from '@rope/domain/passwords';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { resetPassword } from '../api';
import { schemaRule, VALIDATION_VALUES } from '../messages';
import { ResetSuccessDialog } from './reset-success-dialog';

interface ResetPasswordFormProps {
  token: string;
  onDone: () => void;
}

/** Sets a new password with the mailed token; an empty field does nothing. */
export function ResetPasswordForm({ token, onDone }: ResetPasswordFormProps) {
  const { t } = useTranslation();
  const passwordRule = schemaRule(passwordSchema, t);
  const form = useForm({
    initialValues: { password: '' },
    validate: { password: (value) => (value === '' ? null : passwordRule(value)) },
  });
  const mutation = useMutation({ mutationFn: (password: string) => resetPassword(token, password) });

  const submit = form.onSubmit(({ password }) => {
    if (password !== '') mutation.mutate(password);
  });
  const failure =
    mutation.error instanceof ApiError && mutation.error.status >= 400 && mutation.error.status < 500
      ? t('auth.reset.failedToken')
      : t('auth.reset.failedLater');

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={1}>{t('auth.reset.title')}</Title>
        <Text size="sm">{t('auth.reset.text', VALIDATION_VALUES)}</Text>
        <PasswordInput
          label={t('auth.reset.password')}
          autoComplete="new-password"
          visibilityToggleButtonProps={{ 'aria-label': t('auth.togglePassword') }}
          autoFocus
          {...form.getInputProps('password')}
        />
        {mutation.isError ? (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        ) : null}
        <Button type="submit" fullWidth loading={mutation.isPending}>
          {t('auth.reset.submit')}
        </Button>
        <Anchor component="button" type="button" size="sm" ta="center" onClick={onDone}>
          {t('auth.backToLogin')}
        </Anchor>
      </Stack>
      <ResetSuccessDialog opened={mutation.isSuccess} onClose={onDone} />
    </form>
  );
}
