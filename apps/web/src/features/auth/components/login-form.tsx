import { Alert, Anchor, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { checkLoginForm } from '@rope/domain/auth/account-checks';
import { message } from '@rope/domain/message';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDomainForm } from '../../../lib/domain-form';
import { failureText } from '../../../lib/failure-text';
import { messageText } from '../../../lib/messages';
import { isPasswordExpired, login, SessionNotKeptError, samlLoginUrl } from '../api';
import { useFinishLogin } from '../use-finish-login';
import { useSamlProvider } from '../use-saml-provider';
import { FormSubmit } from './form-submit';

interface LoginFormProps {
  next: string;
  ssoFailed: boolean;
  linkFailed: boolean;
  onForgotPassword: () => void;
  onActivate: () => void;
  onLinkSent: () => void;
}

export function LoginForm({ next, ssoFailed, linkFailed, onForgotPassword, onActivate, onLinkSent }: LoginFormProps) {
  const { t } = useTranslation();
  const finishLogin = useFinishLogin();
  const [checking, setChecking] = useState(false);
  const { form, onSubmit } = useDomainForm({
    initialValues: { username: '', password: '' },
    validate: checkLoginForm,
  });
  const { provider, resolve } = useSamlProvider(form.values.username);
  const mutation = useMutation({
    mutationFn: (values: { username: string; password: string }) => login(values.username, values.password),
    onSuccess: (answer) => (answer.loginLinkSent ? onLinkSent() : finishLogin(answer)),
  });

  // Accounts that sign in by mailed link, mailed code or authenticator app send no password.
  const withoutPassword = () => {
    if (form.validate().hasErrors) return;
    mutation.reset();
    mutation.mutate({ username: form.values.username.trim(), password: '' });
  };

  const submit = onSubmit(async ({ username, password }) => {
    mutation.reset();
    setChecking(true);
    const idp = await resolve(username).finally(() => setChecking(false));
    if (idp) {
      window.location.assign(samlLoginUrl(idp, next));
      return;
    }
    // Without a password the account may sign in by link: that is the link's own button, so here one is needed.
    if (password === '') {
      form.setFieldError('password', messageText(t, message('validation.required')));
      return;
    }
    mutation.mutate({ username, password });
  });

  const error = mutation.isError
    ? isPasswordExpired(mutation.error)
      ? t('auth.messages.passwordExpired')
      : mutation.error instanceof SessionNotKeptError
        ? t('auth.login.sessionNotKept')
        : failureText(t, mutation.error, t('auth.login.failed'))
    : null;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={1}>{t('auth.login.title')}</Title>
        {ssoFailed ? (
          <Alert color="red" role="alert">
            {t('auth.login.ssoFailed')}
          </Alert>
        ) : null}
        {linkFailed ? (
          <Alert color="red" role="alert">
            {t('auth.login.linkFailed')}
          </Alert>
        ) : null}
        <TextInput
          label={t('auth.login.username')}
          placeholder={t('auth.login.usernamePlaceholder')}
          autoComplete="username"
          autoFocus
          required
          {...form.getInputProps('username')}
        />
        {provider ? (
          <Text size="sm" c="dimmed">
            {t('auth.login.ssoHint')}
          </Text>
        ) : (
          <PasswordInput
            label={t('common.fields.password')}
            autoComplete="current-password"
            visibilityToggleButtonProps={{ 'aria-label': t('auth.togglePassword') }}
            required
            {...form.getInputProps('password')}
          />
        )}
        <FormSubmit failure={error} loading={checking || mutation.isPending}>
          {provider ? t('common.actions.continue') : t('auth.login.submit')}
        </FormSubmit>
        <Stack gap={4} align="center">
          {provider ? null : (
            <Anchor component="button" type="button" size="sm" onClick={withoutPassword}>
              {t('auth.login.withoutPassword')}
            </Anchor>
          )}
          <Anchor component="button" type="button" size="sm" onClick={onForgotPassword}>
            {t('auth.login.forgotPassword')}
          </Anchor>
          <Anchor component="button" type="button" size="sm" onClick={onActivate}>
            {t('auth.login.activate')}
          </Anchor>
        </Stack>
      </Stack>
    </form>
  );
}
