import { Alert, Button, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { parseId } from '@rope/domain/ids';
import type { SmartropeEventView, SmartropeView } from '@rope/domain/sensors/smartrope-views';
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { BackIcon } from '../../../components/icons';
import { showNotice } from '../../../components/notice';
import { OpenedOnce } from '../../../components/opened-once';
import { LoadFailedScreen } from '../../../components/screen-alert';
import { ApiError } from '../../../lib/api-client';
import { useDomainForm } from '../../../lib/domain-form';
import { failureText } from '../../../lib/failure-text';
import { useFormat } from '../../../lib/format';
import { useCan, useSessionUser } from '../../../lib/session/session';
import { AdminOnly } from '../components/admin-only';
import { BrokerAccessCard } from '../components/broker-access-card';
import { MountedRopeLink } from '../components/mounted-rope-link';
import { SmartropeEventsTable } from '../components/smartrope-events-table';
import { SmartropeFields } from '../components/smartrope-fields';
import { initialSmartropeValues, smartropePatchFormSpec } from '../smartrope-form';
import { useSaveSmartrope, useSmartrope, useSmartropeEvents } from '../smartropes-api';

const SmartropeEventDialog = lazy(() =>
  import('../components/smartrope-event-dialog').then((module) => ({ default: module.SmartropeEventDialog })),
);

/** /smartropes/:id: a smartrope's settings and its newest events, for admins. */
export function SmartropePage() {
  const { t } = useTranslation();
  return (
    <AdminOnly permission="SMARTROPE_MANAGE" title={t('sensors.smartropes.title')}>
      <SmartropeScreen />
    </AdminOnly>
  );
}

function SmartropeScreen() {
  const { t } = useTranslation();
  const id = parseId(useParams().id);
  const smartrope = useSmartrope(id, true);
  if (id !== undefined && smartrope.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (!smartrope.data) {
    return (
      <LoadFailedScreen
        error={smartrope.error ?? new ApiError(404, 'NOT_FOUND', 'not found')}
        notFoundText={t('sensors.smartropes.notFound')}
        loadErrorText={t('sensors.smartropes.loadError')}
      />
    );
  }
  return (
    <Stack gap="lg">
      <SmartropeEditor key={smartrope.data.id} smartrope={smartrope.data} />
      <BrokerAccessCard key={`broker-${smartrope.data.id}`} kind="smartrope" id={smartrope.data.id} />
      <SmartropeEvents smartrope={smartrope.data} />
    </Stack>
  );
}

function SmartropeEditor({ smartrope }: { smartrope: SmartropeView }) {
  const { t } = useTranslation();
  const fmt = useFormat();
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
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Group>
          <Button variant="subtle" leftSection={<BackIcon />} component={Link} to="/smartropes">
            {t('sensors.smartropes.back')}
          </Button>
        </Group>
        <Group justify="space-between" wrap="wrap">
          <Title order={1}>{smartrope.name}</Title>
          <Button type="submit" loading={save.isPending}>
            {t('common.actions.save')}
          </Button>
        </Group>
        <Group gap="xs" wrap="wrap">
          <MountedRopeLink rope={smartrope.rope} />
          <Text size="sm" c="dimmed">
            {t('sensors.devices.registered', { at: fmt.date(smartrope.createdAt) })}
          </Text>
        </Group>
        <Card withBorder padding="md" radius="md">
          <SmartropeFields form={form} current={smartrope.rope} />
        </Card>
        {failure ? (
          <Alert color="red" title={t('sensors.smartropes.saveError')}>
            {failure}
          </Alert>
        ) : null}
      </Stack>
    </form>
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
