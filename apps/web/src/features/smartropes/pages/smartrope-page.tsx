import { Alert, Card, Stack, Title } from '@mantine/core';
import type { SmartropeEventView, SmartropeView } from '@rope/domain/smartropes/views';
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showNotice } from '../../../components/notice';
import { OpenedOnce } from '../../../components/opened-once';
import { useDomainForm } from '../../../lib/domain-form';
import { failureText } from '../../../lib/failure-text';
import { useCan, useSessionUser } from '../../../lib/session/session';
import { BrokerAccessCard } from '../../device-intake';
import { AdminEditorFrame, AdminRecordScreen } from '../../sensors';
import { SMARTROPES } from '../admin-kind';
import { useSaveSmartrope, useSmartrope, useSmartropeEvents } from '../api';
import { SmartropeEventsTable } from '../components/smartrope-events-table';
import { SmartropeFields } from '../components/smartrope-fields';
import { initialSmartropeValues, smartropePatchFormSpec } from '../smartrope-form';

const SmartropeEventDialog = lazy(() =>
  import('../components/smartrope-event-dialog').then((module) => ({ default: module.SmartropeEventDialog })),
);

/** /smartropes/:id: a smartrope's settings and its newest events, for admins. */
export function SmartropePage() {
  return (
    <AdminRecordScreen kind={SMARTROPES} useRecord={useSmartrope}>
      {(smartrope) => (
        <Stack gap="lg">
          <SmartropeEditor key={smartrope.id} smartrope={smartrope} />
          <BrokerAccessCard key={`broker-${smartrope.id}`} kind="smartrope" id={smartrope.id} />
          <SmartropeEvents smartrope={smartrope} />
        </Stack>
      )}
    </AdminRecordScreen>
  );
}

function SmartropeEditor({ smartrope }: { smartrope: SmartropeView }) {
  const { t } = useTranslation();
  const save = useSaveSmartrope();
  const [failure, setFailure] = useState<string | null>(null);
  const { form, onSubmit, showServerErrors } = useDomainForm({
    initialValues: initialSmartropeValues(smartrope),
    ...smartropePatchFormSpec,
  });
  const submit = onSubmit((patch) => {
    setFailure(null);
    save.mutate(
      { id: smartrope.id, smartrope: patch },
      {
        onSuccess: (saved) => {
          // Added sensors have their ids now: the form starts over from what was stored.
          const values = initialSmartropeValues(saved);
          form.setInitialValues(values);
          form.setValues(values);
          showNotice(t, 'green', t('sensors.saved', { name: saved.name }));
        },
        onError: (error) => {
          if (!showServerErrors(error)) setFailure(failureText(t, error, t('common.tryLater')));
        },
      },
    );
  });
  return (
    <AdminEditorFrame kind={SMARTROPES} record={smartrope} onSubmit={submit} saving={save.isPending} failure={failure}>
      <Card withBorder padding="md" radius="md">
        <SmartropeFields form={form} current={smartrope.rope} />
      </Card>
    </AdminEditorFrame>
  );
}

function SmartropeEvents({ smartrope }: { smartrope: SmartropeView }) {
  const { t } = useTranslation();
  const canRecord = useCan('DOMAIN_WRITE');
  const live = Boolean(useSessionUser()?.isLive);
  const events = useSmartropeEvents(smartrope.id, true);
  const [open, setOpen] = useState<SmartropeEventView | null>(null);
  const title = t('sensors.smartropes.events');
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {title}
      </Title>
      {events.isError ? <Alert color="red">{t('sensors.events.loadError')}</Alert> : null}
      <SmartropeEventsTable
        events={events.data ?? []}
        loading={events.isPending}
        withSmartrope={false}
        onOpen={setOpen}
        label={title}
      />
      <OpenedOnce open={open !== null}>
        <SmartropeEventDialog event={open} readOnly={!canRecord || live} onClose={() => setOpen(null)} />
      </OpenedOnce>
    </Stack>
  );
}
