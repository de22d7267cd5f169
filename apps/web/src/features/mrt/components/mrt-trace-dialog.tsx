import { Alert, Button, Group, Loader, Modal, NumberInput, Stack, Text } from '@mantine/core';
import type { RopeEventView } from '@rope/domain/events/views';
import { MRT_TRACE_DEFAULT_BUCKETS } from '@rope/domain/mrt/figures';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';
import { type TraceRange, useMrtCandidates, useMrtTrace } from '../api';
import { rangeAround } from '../trace-chart-data';
import { MrtCandidatesTable } from './mrt-candidates-table';
import { MrtTraceChart } from './mrt-trace-chart';

interface MrtTraceDialogProps {
  ropeId: number;
  event: RopeEventView | null;
  /** Whether candidates may be confirmed or dismissed (the rope's write right, not archived). */
  editable: boolean;
  onClose: () => void;
}

/** The MRT trace of a TRUscan measurement with its damage candidates: zoom, threshold, confirm or dismiss. */
export function MrtTraceDialog({ ropeId, event, editable, onClose }: MrtTraceDialogProps) {
  const { t } = useTranslation();
  const fmt = useFormat();
  return (
    <Modal
      opened={event !== null}
      onClose={onClose}
      size="90rem"
      closeButtonProps={{ 'aria-label': t('common.actions.close') }}
      title={event ? t('events.mrt.title', { date: fmt.dateTime(event.attributes.timestamp) }) : ''}
    >
      {event ? <MrtTraceBody key={event.id} ropeId={ropeId} eventId={event.id} editable={editable} /> : null}
    </Modal>
  );
}

function MrtTraceBody({ ropeId, eventId, editable }: { ropeId: number; eventId: number; editable: boolean }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const [range, setRange] = useState<TraceRange | null>(null);
  const [threshold, setThreshold] = useState<number | null>(null);
  const trace = useMrtTrace(eventId, range, MRT_TRACE_DEFAULT_BUCKETS);
  const candidates = useMrtCandidates(eventId, threshold);
  if (trace.isError || candidates.isError) return <Alert color="red">{t('events.mrt.loadError')}</Alert>;
  if (!trace.data || !candidates.data) return <Loader size="sm" aria-label={t('common.loading')} />;
  const shown = trace.data.trace;
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed" data-testid="mrt-range">
          {t('events.mrt.range', {
            from: fmt.number(shown.from, 2),
            to: fmt.number(shown.to, 2),
            perBucket: fmt.number(shown.samplesPerBucket, 1),
            count: shown.samplesPerBucket,
          })}
        </Text>
        <Group gap="xs">
          {trace.isFetching ? <Loader size="xs" aria-label={t('common.loading')} /> : null}
          <Text size="xs" c="dimmed">
            {t('events.mrt.zoomHint')}
          </Text>
          <Button size="compact-sm" variant="default" disabled={range === null} onClick={() => setRange(null)}>
            {t('events.mrt.resetZoom')}
          </Button>
        </Group>
      </Group>
      <MrtTraceChart trace={shown} candidates={candidates.data.candidates} onZoom={setRange} height={320} />
      <Group align="flex-end" gap="md">
        <NumberInput
          label={t('events.mrt.threshold')}
          description={t('events.mrt.thresholdHint', {
            value: fmt.number(candidates.data.defaultThreshold, 2),
            noise: fmt.number(candidates.data.noiseSigma, 2),
          })}
          value={threshold ?? candidates.data.threshold}
          min={0}
          step={0.5}
          decimalScale={2}
          w={260}
          onChange={(value) => setThreshold(typeof value === 'number' && value >= 0 ? value : null)}
        />
      </Group>
      <MrtCandidatesTable
        ropeId={ropeId}
        eventId={eventId}
        candidates={candidates.data.candidates}
        editable={editable}
        onShow={(position) => setRange(rangeAround(position))}
      />
    </Stack>
  );
}
