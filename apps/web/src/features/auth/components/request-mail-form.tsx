import { Anchor, Stack, Text, TextInput, Title } from '@mantine/core';
import { checkResetRequestForm } from '@rope/domain/auth/account-checks';
import type { ResetReason } from '@rope/domain/auth/rules';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useDomainForm } from '../../../lib/domain-form';
import { failureText } from '../../../lib/failure-text';
import { requestPasswordMail } from '../api';
import { FormSubmit } from './form-submit';

interface RequestMailFormProps {
  reason: ResetReason;
  onSent: () => void;
  onBack: () => void;
}

const TEXTS = {
  reset: { title: 'auth.forgot.title', text: 'auth.forgot.text', submit: 'auth.forgot.submit' },
  activate: { title: 'auth.activate.title', text: 'auth.activate.text', submit: 'auth.activate.submit' },
} as const;

/** Forgot password and first login: both ask for the email and answer with the same neutral "mail sent". */
export function RequestMailForm({ reason, onSent, onBack }: RequestMailFormProps) {
  const { t } = useTranslation();
  const texts = TEXTS[reason];
  const { form, onSubmit } = useDomainForm({
    initialValues: { email: '' },
    validate: checkResetRequestForm,
  });
  const mutation = useMutation({
    mutationFn: (email: string) => requestPasswordMail(reason, email),
    onSuccess: onSent,
  });

  return (
    <form onSubmit={onSubmit(({ email }) => mutation.mutate(email))} noValidate>
      <Stack gap="md">
        <Title order={1}>{t(texts.title)}</Title>
        <Text size="sm">{t(texts.text)}</Text>
        <TextInput
          type="email"
          label={t('common.fields.email')}
          autoComplete="email"
          autoFocus
          required
          {...form.getInputProps('email')}
        />
        <FormSubmit
          failure={mutation.isError ? failureText(t, mutation.error, t('auth.login.failed')) : null}
          loading={mutation.isPending}
        >
          {t(texts.submit)}
        </FormSubmit>
        <Anchor component="button" type="button" size="sm" onClick={onBack} ta="center">
          {t('auth.backToLogin')}
        </Anchor>
      </Stack>
    </form>
  );
}
