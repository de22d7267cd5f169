import { Alert, Button, Center, Group, Loader, PasswordInput, Radio, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { isSuitableForEmailLogin, selfTwoFactorUpdateSchema, twoFactorChangeNeedsProof } from '@rope/domain/auth/rules';
import type { SessionUser } from '@rope/domain/auth/session';
import { message } from '@rope/domain/message';
import type { TwoFactorMethod } from '@rope/domain/users/fields';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDomainForm } from '../../../lib/domain-form';
import { answerText, failureText } from '../../../lib/failure-text';
import { sessionKeys } from '../../../lib/session/session';
import {
  createTwoFactorSecret,
  fetchTwoFactorMethod,
  proofOf,
  saveTwoFactorMethod,
  selfTwoFactorKey,
  sendProofCode,
  type TwoFactorFormValues,
} from './api';
import { AuthenticatorSetup } from './authenticator-setup';

type Choice = 'none' | TwoFactorMethod;

/** The API's fields of a change and the inputs they come from. */
const TWO_FACTOR_FIELDS: Record<string, string> = {
  currentPassword: 'proof',
  currentCode: 'proof',
  twoFactorAuthCode: 'code',
};

interface TwoFactorSettingsProps {
  user: SessionUser;
  onDone: () => void;
}

export function TwoFactorSettings({ user, onDone }: TwoFactorSettingsProps) {
  const { t } = useTranslation();
  const saved = useQuery({ queryKey: selfTwoFactorKey, queryFn: fetchTwoFactorMethod, staleTime: 0 });
  if (saved.isPending) {
    return (
      <Center h={120}>
        <Loader />
      </Center>
    );
  }
  if (saved.isError) {
    return (
      <Alert color="red" role="alert">
        {t('settings.twoFactor.loadFailed')}
      </Alert>
    );
  }
  return <TwoFactorForm user={user} saved={saved.data} onDone={onDone} />;
}

function proofLabelKey(saved: TwoFactorMethod | null) {
  if (saved === 'authenticator') return 'settings.twoFactor.proofOrCode' as const;
  if (saved === 'email') return 'settings.twoFactor.proofOrEmailCode' as const;
  return 'settings.twoFactor.proof' as const;
}

interface TwoFactorFormProps extends TwoFactorSettingsProps {
  saved: TwoFactorMethod | null;
}

function TwoFactorForm({ user, saved, onDone }: TwoFactorFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState<Choice>(saved ?? 'none');
  const needsCode = choice === 'authenticator' && saved !== 'authenticator';
  const nextMethod = choice === 'none' ? null : choice;
  // Turning off or replacing a factor that is set asks for the password or a current code (spec: no silent removal).
  const needsProof = twoFactorChangeNeedsProof(saved, { twoFactorMethod: nextMethod });
  const emailAllowed = isSuitableForEmailLogin(user.email);
  const secret = useMutation({ mutationFn: createTwoFactorSecret });
  // Someone who signs in without a password proves the email factor with a code mailed on request.
  const proofCode = useMutation({ mutationFn: sendProofCode });
  const { form, onSubmit, showServerErrors } = useDomainForm({
    initialValues: { code: '', proof: '' },
    schema: selfTwoFactorUpdateSchema,
    toInput: ({ code, proof }: TwoFactorFormValues) => ({
      twoFactorMethod: nextMethod,
      ...(needsProof ? proofOf(saved, proof) : {}),
      ...(needsCode && secret.data
        ? { twoFactorAuthCode: code.replace(/\s/g, ''), twoFactorSecret: secret.data.secret }
        : {}),
    }),
    fieldOf: (path) => TWO_FACTOR_FIELDS[path] ?? path,
    rules: ({ code, proof }) => ({
      code: needsCode && code.trim() === '' ? message('validation.required') : undefined,
      proof: needsProof && proof.trim() === '' ? message('validation.required') : undefined,
    }),
  });
  const save = useMutation({
    mutationFn: saveTwoFactorMethod,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: selfTwoFactorKey });
      await queryClient.invalidateQueries({ queryKey: sessionKeys.current });
      notifications.show({
        color: 'green',
        message: t('settings.saved'),
        closeButtonProps: { 'aria-label': t('common.actions.close') },
      });
      onDone();
    },
    onError: showServerErrors,
  });

  const choose = (value: string) => {
    const next = value as Choice;
    setChoice(next);
    save.reset();
    if (next === 'authenticator' && saved !== 'authenticator' && !secret.data && !secret.isPending) secret.mutate();
  };

  const submit = onSubmit((change) => {
    if (needsCode && !secret.data) return;
    save.mutate(change);
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Radio.Group
          label={t('common.fields.twoFactor')}
          description={t('settings.twoFactor.description')}
          value={choice}
          onChange={choose}
        >
          <Stack gap="xs" mt="xs">
            <Radio value="none" label={t('enums.twoFactorMethods.none')} />
            <Radio value="authenticator" label={t('enums.twoFactorMethods.authenticator')} />
            <Radio
              value="email"
              label={t('enums.twoFactorMethods.email')}
              description={emailAllowed ? undefined : t('settings.twoFactor.emailUnsuitable')}
              disabled={!emailAllowed && saved !== 'email'}
            />
          </Stack>
        </Radio.Group>
        {needsCode ? (
          <AuthenticatorSetup
            secret={secret.data?.secret}
            loading={secret.isPending}
            failed={secret.isError}
            form={form}
          />
        ) : null}
        {needsProof ? (
          <PasswordInput
            label={t(proofLabelKey(saved))}
            description={t('settings.twoFactor.proofHint')}
            autoComplete="current-password"
            required
            {...form.getInputProps('proof')}
          />
        ) : null}
        {needsProof && saved === 'email' ? (
          <Group gap="sm" wrap="nowrap" align="center">
            <Button variant="light" onClick={() => proofCode.mutate()} loading={proofCode.isPending}>
              {t('settings.twoFactor.sendCode')}
            </Button>
            <Text size="sm" c={proofCode.isError ? 'red' : 'dimmed'} role="status">
              {proofCode.isSuccess
                ? answerText(t, proofCode.data)
                : proofCode.isError
                  ? failureText(t, proofCode.error, t('settings.failed'))
                  : t('settings.twoFactor.sendCodeHint')}
            </Text>
          </Group>
        ) : null}
        {save.isError && Object.keys(form.errors).length === 0 ? (
          <Alert color="red" role="alert">
            {failureText(t, save.error, t('settings.failed'))}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} disabled={choice === (saved ?? 'none')}>
            {t('common.actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
