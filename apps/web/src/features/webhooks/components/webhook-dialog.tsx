import { Alert, Button, Group, Modal, Select, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { WEBHOOK_URL_MAX_LENGTH } from '@rope/domain/webhooks/rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LimitedTextInput } from '../../../components/limited-input';
import { showNotice } from '../../../components/notice';
import { useDomainForm } from '../../../lib/domain-form';
import { failureText } from '../../../lib/failure-text';
import {
  useCreateWebhookEndpoint,
  useUpdateWebhookEndpoint,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
} from '../api';
import { useWebhookMandators } from '../use-webhook-mandators';
import {
  initialWebhookValues,
  type WebhookFormValues,
  webhookCreateFormSpec,
  webhookPatchFormSpec,
} from '../webhook-form';
import { EventTypesField } from './event-types-field';
import { SecretOnce } from './secret-once';

const DESCRIPTION_MAX_LENGTH = 255;

interface WebhookDialogProps {
  opened: boolean;
  /** The endpoint to change; a new one without. */
  endpoint?: WebhookEndpoint;
  /** The mandator a new endpoint starts with (the list's filter). */
  mandatorId?: number | null;
  onClose: () => void;
  /** A new endpoint, after its secret was shown. */
  onCreated?: (endpoint: WebhookEndpoint) => void;
}

/** Registers an endpoint (then shows its secret once) or changes one's address, description and event types. */
export function WebhookDialog({ opened, endpoint, mandatorId, onClose, onCreated }: WebhookDialogProps) {
  const { t } = useTranslation();
  const [created, setCreated] = useState<WebhookEndpointWithSecret | null>(null);
  const close = () => {
    const made = created?.endpoint;
    setCreated(null);
    onClose();
    if (made) onCreated?.(made);
  };
  const title = created
    ? t('webhooks.dialog.createdTitle')
    : endpoint
      ? t('webhooks.dialog.editTitle')
      : t('webhooks.dialog.newTitle');
  return (
    <Modal
      opened={opened}
      onClose={close}
      size="lg"
      title={title}
      closeButtonProps={{ 'aria-label': t('common.actions.close') }}
    >
      {created ? <SecretOnce secret={created.secret} onClose={close} /> : null}
      {opened && !created && endpoint ? <EditForm endpoint={endpoint} onClose={close} /> : null}
      {opened && !created && !endpoint ? (
        <CreateForm mandatorId={mandatorId ?? null} onCancel={close} onCreated={setCreated} />
      ) : null}
    </Modal>
  );
}

function CreateForm({
  mandatorId,
  onCancel,
  onCreated,
}: {
  mandatorId: number | null;
  onCancel: () => void;
  onCreated: (answer: WebhookEndpointWithSecret) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateWebhookEndpoint();
  const mandators = useWebhookMandators();
  const [failure, setFailure] = useState<string | null>(null);
  const only = mandators.options.length === 1 ? mandators.options[0]?.value : undefined;
  const { form, onSubmit, showServerErrors } = useDomainForm({
    // A client admin's one mandator is the one; an admin's list filter names the one to start with.
    initialValues: initialWebhookValues(undefined, mandatorId === null ? (only ?? '') : String(mandatorId)),
    ...webhookCreateFormSpec,
  });
  // A client admin's one mandator needs no choosing; an admin picks even when there is only one.
  const showMandators = mandators.options.length !== 1 || form.values.mandatorId !== only;
  const submit = onSubmit((endpoint) => {
    setFailure(null);
    create.mutate(endpoint, {
      onSuccess: (answer) => {
        showNotice(t, 'green', t('webhooks.dialog.created'));
        onCreated(answer);
      },
      onError: (error) => {
        if (!showServerErrors(error)) setFailure(failureText(t, error, t('common.tryLater')));
      },
    });
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {showMandators ? (
          <Select
            label={t('common.fields.mandator')}
            data={mandators.options}
            searchable
            required
            {...form.getInputProps('mandatorId')}
            value={form.values.mandatorId === '' ? null : form.values.mandatorId}
            onChange={(value) => form.setFieldValue('mandatorId', value ?? '')}
            comboboxProps={{ withinPortal: true }}
          />
        ) : null}
        <Fields form={form} />
        {failure ? (
          <Alert color="red" title={t('webhooks.dialog.saveError')}>
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('webhooks.dialog.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function EditForm({ endpoint, onClose }: { endpoint: WebhookEndpoint; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateWebhookEndpoint(endpoint.id);
  const [failure, setFailure] = useState<string | null>(null);
  const { form, onSubmit, showServerErrors } = useDomainForm({
    initialValues: initialWebhookValues(endpoint),
    ...webhookPatchFormSpec,
  });
  const submit = onSubmit((patch) => {
    setFailure(null);
    update.mutate(patch, {
      onSuccess: () => {
        showNotice(t, 'green', t('webhooks.dialog.saved'));
        onClose();
      },
      onError: (error) => {
        if (!showServerErrors(error)) setFailure(failureText(t, error, t('common.tryLater')));
      },
    });
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Fields form={form} />
        {failure ? (
          <Alert color="red" title={t('webhooks.dialog.saveError')}>
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {t('common.actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Fields({ form }: { form: UseFormReturnType<WebhookFormValues> }) {
  const { t } = useTranslation();
  return (
    <>
      <LimitedTextInput
        type="url"
        label={t('webhooks.fields.url')}
        description={t('webhooks.fields.urlHint')}
        required
        limit={WEBHOOK_URL_MAX_LENGTH}
        data-autofocus
        {...form.getInputProps('url')}
      />
      <LimitedTextInput
        label={t('common.fields.description')}
        description={t('webhooks.fields.descriptionHint')}
        limit={DESCRIPTION_MAX_LENGTH}
        {...form.getInputProps('description')}
      />
      <EventTypesField
        value={form.values.eventTypes}
        onChange={(types) => form.setFieldValue('eventTypes', types)}
        error={form.errors.eventTypes}
      />
    </>
  );
}
