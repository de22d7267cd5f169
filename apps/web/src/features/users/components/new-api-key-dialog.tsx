import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { NAME_MAX_LENGTH } from '@rope/domain/common';
import type { ApiKeyCreatedAnswer } from '@rope/domain/users/api-keys';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { failureText } from '../../../lib/failure-text';
import { serverFieldText } from '../../../lib/messages';
import { useCreateApiKey } from '../api-keys-api';

interface NewApiKeyDialogProps {
  userId: number;
  opened: boolean;
  onClose: () => void;
}

/** The end of the chosen day in the admin's own zone: a key "until 31 March" holds through that day. */
const endOfDay = (date: string) => new Date(`${date}T23:59:59`).toISOString();
const today = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

/** A name and an optional last day; then the key, shown this once with a copy button. */
export function NewApiKeyDialog({ userId, opened, onClose }: NewApiKeyDialogProps) {
  const { t } = useTranslation();
  const create = useCreateApiKey(userId);
  const [name, setName] = useState('');
  const [lastDay, setLastDay] = useState('');
  const [errors, setErrors] = useState<{ name?: string; lastDay?: string; form?: string }>({});
  const [created, setCreated] = useState<ApiKeyCreatedAnswer | null>(null);

  const close = () => {
    setName('');
    setLastDay('');
    setErrors({});
    setCreated(null);
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setErrors({ name: t('validation.required') });
      return;
    }
    setErrors({});
    create.mutate(
      { name: name.trim(), expiresAt: lastDay ? endOfDay(lastDay) : null },
      {
        onSuccess: setCreated,
        onError: (error) => {
          const field = (path: string) =>
            error instanceof ApiError && error.fields?.[path] ? serverFieldText(t, error, path) : undefined;
          const fields = { name: field('apiKey.name'), lastDay: field('apiKey.expiresAt') };
          if (fields.name || fields.lastDay) setErrors(fields);
          else setErrors({ form: failureText(t, error, t('common.tryLater')) });
        },
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={created ? t('users.apiKeys.createdTitle') : t('users.apiKeys.newTitle')}
      closeButtonProps={{ 'aria-label': t('common.actions.close') }}
    >
      {created ? (
        <Stack gap="sm">
          <Alert color="orange">{t('users.apiKeys.copyNow')}</Alert>
          <Code block style={{ wordBreak: 'break-all' }} data-testid="new-api-key">
            {created.key}
          </Code>
          <Text size="sm">{t('users.apiKeys.usage')}</Text>
          <Group justify="flex-end">
            <CopyButton value={created.key}>
              {({ copied, copy }) => (
                <Button variant="light" color={copied ? 'teal' : undefined} onClick={copy}>
                  {copied ? t('users.apiKeys.copied') : t('users.apiKeys.copy')}
                </Button>
              )}
            </CopyButton>
            <Button onClick={close}>{t('common.actions.close')}</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <TextInput
              label={t('users.apiKeys.name')}
              description={t('users.apiKeys.nameHint')}
              required
              maxLength={NAME_MAX_LENGTH}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              error={errors.name}
              data-autofocus
            />
            <TextInput
              type="date"
              label={t('users.apiKeys.lastDay')}
              description={t('users.apiKeys.lastDayHint')}
              min={today()}
              value={lastDay}
              onChange={(event) => setLastDay(event.currentTarget.value)}
              error={errors.lastDay}
            />
            {errors.form ? <Alert color="red">{errors.form}</Alert> : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('common.actions.cancel')}
              </Button>
              <Button type="submit" loading={create.isPending}>
                {t('users.apiKeys.create')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
