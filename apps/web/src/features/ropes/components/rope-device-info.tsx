import { Badge, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { RopeView } from '@rope/domain/hierarchy/views';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';

const STATUS_COLOURS = { idle: 'gray', waiting: 'blue', measuring: 'teal', uploading: 'indigo', error: 'red' } as const;

/**
 * The measuring device on the rope: its serial number from the rope settings and
 * what the TRUscan last reported. Only what is known shows; a rope without a device says so.
 */
export function RopeDeviceInfo({ rope }: { rope: RopeView }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const serial = rope.attributes.deviceSerialNumber?.trim();
  const scan = rope.truscanAttributes;
  const facts: [string, ReactNode][] = [];
  const add = (key: string, value: ReactNode | undefined) => {
    if (value !== undefined) facts.push([t(`ropes.device.${key as 'serialNumber'}`), value]);
  };
  add('serialNumber', serial || undefined);
  add(
    'status',
    scan.status ? (
      <Badge variant="light" color={STATUS_COLOURS[scan.status]}>
        {t(`ropes.device.statuses.${scan.status}`)}
      </Badge>
    ) : undefined,
  );
  add(
    'ropeSpeed',
    scan.ropeSpeed === undefined ? undefined : t('ropes.device.speed', { value: fmt.number(scan.ropeSpeed) }),
  );
  add('bendingCycles', scan.bendingCycles === undefined ? undefined : fmt.integer(scan.bendingCycles));
  add('lastMeasurement', scan.lastMeasurement === undefined ? undefined : fmt.dateTime(scan.lastMeasurement * 1000));
  add('nextMeasurement', scan.nextMeasurement === undefined ? undefined : fmt.dateTime(scan.nextMeasurement * 1000));
  add(
    'measurementWaiting',
    scan.measurementWaiting === undefined
      ? undefined
      : t('ropes.device.seconds', { value: fmt.integer(scan.measurementWaiting) }),
  );
  add(
    'upload',
    scan.uploadRunning === undefined
      ? undefined
      : scan.uploadRunning
        ? t('ropes.device.uploadRunning', {
            amount: fmt.number(scan.uploadAmount ?? 0, 1),
            time: fmt.integer(scan.uploadTime ?? 0),
          })
        : t('ropes.device.uploadIdle'),
  );

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="rope-device-title">
      <Stack gap="sm">
        <Title order={3} size="h5" id="rope-device-title">
          {t('ropes.device.title')}
        </Title>
        {facts.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('ropes.device.none')}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" verticalSpacing="xs">
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
    </Paper>
  );
}
