import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { RopeView } from '@rope/domain/hierarchy/views';
import { uploadSpeedKiBps, waitingHours } from '@rope/domain/truscan/figures';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TruscanRequestBadge, TruscanStatusBadge } from '../../../components/status-badge';
import { useFormat } from '../../../lib/format';
import { useTruscanState } from '../../truscan';

const StartMeasurementDialog = lazy(() =>
  import('../../truscan/components/start-measurement-dialog').then((module) => ({
    default: module.StartMeasurementDialog,
  })),
);

/**
 * The measuring device on the rope: its serial number from the rope settings and what the TRUscan reports, live
 * while the page is open. Only what is known shows; a rope without a device says so. Those who record on the rope
 * start a measurement here.
 */
export function RopeDeviceInfo({ rope, canRequest }: { rope: RopeView; canRequest: boolean }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const state = useTruscanState(rope.id);
  const [starting, setStarting] = useState(false);
  const serial = rope.attributes.deviceSerialNumber?.trim();
  const scan = state.data?.truscanAttributes ?? rope.truscanAttributes;
  const request = state.data?.request ?? null;
  const facts: [string, ReactNode][] = [];
  const add = (label: string, value: ReactNode | undefined) => {
    if (value !== undefined) facts.push([label, value]);
  };
  add(t('ropes.device.serialNumber'), serial || undefined);
  add(
    t('ropes.device.status'),
    scan.status ? (
      <TruscanStatusBadge status={scan.status}>{t(`ropes.device.statuses.${scan.status}`)}</TruscanStatusBadge>
    ) : undefined,
  );
  add(
    t('ropes.device.ropeSpeed'),
    scan.ropeSpeed === undefined ? undefined : t('ropes.device.speed', { value: fmt.number(scan.ropeSpeed) }),
  );
  add(t('ropes.device.bendingCycles'), scan.bendingCycles === undefined ? undefined : fmt.integer(scan.bendingCycles));
  const hours = waitingHours(scan.measurementWaiting);
  add(
    t('truscan.panel.waitingHours'),
    hours === undefined ? undefined : t('truscan.panel.hours', { value: fmt.number(hours, 1) }),
  );
  add(
    t('ropes.device.lastMeasurement'),
    scan.lastMeasurement === undefined ? undefined : fmt.dateTime(scan.lastMeasurement * 1000),
  );
  add(
    t('ropes.device.nextMeasurement'),
    scan.nextMeasurement === undefined ? undefined : fmt.dateTime(scan.nextMeasurement * 1000),
  );
  add(
    t('ropes.device.upload'),
    scan.uploadRunning === undefined
      ? undefined
      : scan.uploadRunning
        ? t('ropes.device.uploadRunningNow')
        : t('ropes.device.uploadIdle'),
  );
  add(
    t('truscan.panel.uploadAmount'),
    scan.uploadAmount === undefined
      ? undefined
      : t('truscan.panel.kib', { value: fmt.number(scan.uploadAmount / 1024, 1) }),
  );
  add(
    t('truscan.panel.uploadTime'),
    scan.uploadTime === undefined ? undefined : t('ropes.device.seconds', { value: fmt.integer(scan.uploadTime) }),
  );
  const speed = uploadSpeedKiBps(scan.uploadAmount, scan.uploadTime);
  add(
    t('truscan.panel.uploadSpeed'),
    speed === undefined ? undefined : t('truscan.panel.kibPerSecond', { value: fmt.number(speed, 1) }),
  );
  add(
    t('truscan.panel.request'),
    request ? (
      <Group gap="xs" wrap="wrap">
        <TruscanRequestBadge status={request.status}>
          {t(`truscan.requestStatuses.${request.status}`)}
        </TruscanRequestBadge>
        <Text size="sm" component="span">
          {t('truscan.panel.requestLine', { reason: request.reason, when: fmt.dateTime(request.requestedAt) })}
        </Text>
      </Group>
    ) : undefined,
  );

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby="rope-device-title"
      data-testid="truscan-panel"
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h5" id="rope-device-title">
            {t('ropes.device.title')}
          </Title>
          {canRequest && (
            <Button size="xs" variant="light" onClick={() => setStarting(true)}>
              {t('truscan.start.button')}
            </Button>
          )}
        </Group>
        {facts.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('ropes.device.none')}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" verticalSpacing="xs" aria-live="polite">
            {facts.map(([label, value]) => (
              <Stack key={label} gap={0}>
                <Text size="xs" c="dimmed">
                  {label}
                </Text>
                <Text size="sm" fw={500} component="div">
                  {value}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
        )}
      </Stack>
      {starting && (
        <Suspense fallback={null}>
          <StartMeasurementDialog ropeId={rope.id} opened={starting} onClose={() => setStarting(false)} />
        </Suspense>
      )}
    </Paper>
  );
}
