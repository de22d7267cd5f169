import { Alert, Button, Center, Checkbox, Group, Loader, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import type { SmartropeEventView } from '@rope/domain/smartropes/views';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LimitedTextarea } from '../../../components/limited-textarea';
import { showNotice } from '../../../components/notice';
import { SmartropeEventBadge } from '../../../components/status-badge';
import { useDomainForm } from '../../../lib/domain-form';
import { failureText } from '../../../lib/failure-text';
import { useFormat } from '../../../lib/format';
import { eventChartData } from '../../sensors';
import { useEventMeasurements, useUpdateSmartropeEvent } from '../api';
import { eventAckFormSpec, initialAckValues } from '../smartrope-form';
import { SmartropeEventChart } from './smartrope-event-chart';

const CHART_HEIGHT = 220;
const COMMENT_MAX_LENGTH = 65_536;

interface SmartropeEventDialogProps {
  event: SmartropeEventView | null;
  /** Who may not record on the rope (or the rope is archived) sees the acknowledgement, not its inputs. */
  readOnly: boolean;
  onClose: () => void;
}

/** A smartrope event: what and when, its measurements as a chart, and its acknowledgement and comment. */
export function SmartropeEventDialog({ event, readOnly, onClose }: SmartropeEventDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={event !== null}
      onClose={onClose}
      size="xl"
      title={t('sensors.events.dialogTitle')}
      closeButtonProps={{ 'aria-label': t('common.actions.close') }}
    >
      {event ? <EventContent key={event.id} event={event} readOnly={readOnly} onDone={onClose} /> : null}
    </Modal>
  );
}

function EventContent({
  event,
  readOnly,
  onDone,
}: {
  event: SmartropeEventView;
  readOnly: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const measurements = useEventMeasurements(event.id);
  const data = useMemo(() => (measurements.data ? eventChartData(measurements.data) : null), [measurements.data]);
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" verticalSpacing="xs">
        <Fact label={t('sensors.events.time')}>{fmt.dateTime(event.unixTimestamp * 1000)}</Fact>
        <Fact label={t('sensors.smartropes.one')}>{event.smartrope.name}</Fact>
        <Fact label={t('sensors.events.sensor')}>{event.sensorName}</Fact>
        <Fact label={t('common.fields.type')}>
          <SmartropeEventBadge type={event.type}>{t(`enums.smartropeEventTypes.${event.type}`)}</SmartropeEventBadge>
        </Fact>
        <Fact label={t('sensors.events.peak')}>
          {event.peak === null ? t('common.noValue') : fmt.number(event.peak)}
        </Fact>
        <Fact label={t('sensors.events.measurements')}>{fmt.integer(event.measurementCount)}</Fact>
      </SimpleGrid>
      <div data-testid="smartrope-event-chart">
        {measurements.isError ? <Alert color="red">{t('charts.loadError')}</Alert> : null}
        {measurements.isPending ? (
          <Center mih={CHART_HEIGHT}>
            <Loader size="sm" aria-label={t('charts.loading')} />
          </Center>
        ) : null}
        {data && data.xs.length > 0 ? (
          <SmartropeEventChart data={data} sensorName={event.sensorName} height={CHART_HEIGHT} />
        ) : null}
        {data && data.xs.length === 0 ? (
          <Center mih={80}>
            <Text c="dimmed">{t('sensors.events.noMeasurements')}</Text>
          </Center>
        ) : null}
      </div>
      {readOnly ? <Acknowledgement event={event} /> : <AcknowledgeForm event={event} onDone={onDone} />}
    </Stack>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

function Acknowledgement({ event }: { event: SmartropeEventView }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Text size="sm">
        {event.attributes.isAcknowledged ? t('sensors.events.isAcknowledged') : t('sensors.events.notAcknowledged')}
      </Text>
      {event.attributes.comment ? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {event.attributes.comment}
        </Text>
      ) : null}
    </Stack>
  );
}

function AcknowledgeForm({ event, onDone }: { event: SmartropeEventView; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useUpdateSmartropeEvent();
  const [failure, setFailure] = useState<string | null>(null);
  const { form, onSubmit, showServerErrors } = useDomainForm({
    initialValues: initialAckValues(event),
    ...eventAckFormSpec,
  });
  const submit = onSubmit((patch) => {
    setFailure(null);
    save.mutate(
      { id: event.id, event: patch },
      {
        onSuccess: () => {
          showNotice(t, 'green', t('sensors.events.saved'));
          onDone();
        },
        onError: (error) => {
          if (!showServerErrors(error)) setFailure(failureText(t, error, t('common.tryLater')));
        },
      },
    );
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Checkbox
          label={t('sensors.events.acknowledge')}
          {...form.getInputProps('isAcknowledged', { type: 'checkbox' })}
        />
        <LimitedTextarea
          label={t('common.fields.comment')}
          autosize
          minRows={2}
          maxRows={8}
          limit={COMMENT_MAX_LENGTH}
          {...form.getInputProps('comment')}
        />
        {failure ? (
          <Alert color="red" title={t('sensors.events.saveError')}>
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('common.actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
