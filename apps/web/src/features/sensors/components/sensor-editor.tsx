import { Button, Card, Group, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { NAME_MAX_LENGTH } from '@rope/domain/common';
import type { SensorView } from '@rope/domain/sensors/views';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LimitedTextInput } from '../../../components/limited-input';
import { previewAttributes, type SensorDeviceFormValues, type SensorRow } from '../sensor-device-form';
import { PlotlinesEditor } from './plotlines-editor';
import { SensorChartPanel } from './sensor-chart-panel';
import { ValuesEditor } from './values-editor';

const PREVIEW_HEIGHT = 180;
const PREVIEW_DELAY_MS = 500;

interface SensorEditorProps {
  form: UseFormReturnType<SensorDeviceFormValues>;
  index: number;
  /** The sensor as stored: its readings feed the preview; absent for a sensor added in this form. */
  stored: SensorView | undefined;
  fallbackStart: string;
}

/** One sensor of a device: its chart settings, plotlines and values, a preview of its chart, archive and restore. */
export function SensorEditor({ form, index, stored, fallbackStart }: SensorEditorProps) {
  const { t } = useTranslation();
  const row = form.values.sensors[index];
  if (!row) return null;
  const path = `sensors.${index}`;
  const name = row.name.trim() || t('sensors.sensor.unnamed');
  return (
    <Card withBorder padding="md" radius="md" data-testid="sensor-editor" data-archived={row.isDeleted || undefined}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3}>{row.isDeleted ? t('areas.breadcrumb.archived', { name }) : name}</Title>
          {row.id === undefined ? (
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              onClick={() => form.removeListItem('sensors', index)}
            >
              {t('sensors.sensor.discardNew')}
            </Button>
          ) : (
            <Button
              size="compact-sm"
              variant="subtle"
              color={row.isDeleted ? undefined : 'red'}
              onClick={() => form.setFieldValue(`${path}.isDeleted`, !row.isDeleted)}
            >
              {row.isDeleted ? t('common.actions.restoreItem', { name }) : t('common.actions.archiveItem', { name })}
            </Button>
          )}
        </Group>
        {row.isDeleted ? (
          <Text size="sm" c="dimmed">
            {t('sensors.sensor.archivedHint')}
          </Text>
        ) : (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <LimitedTextInput
                label={t('common.fields.name')}
                withAsterisk
                limit={NAME_MAX_LENGTH}
                {...form.getInputProps(`${path}.name`)}
              />
              <LimitedTextInput
                label={t('sensors.sensor.chartTitle')}
                description={t('sensors.sensor.chartTitleHint')}
                limit={NAME_MAX_LENGTH}
                {...form.getInputProps(`${path}.attributes.chartTitle`)}
              />
            </SimpleGrid>
            <Switch
              label={t('sensors.sensor.isEnabled')}
              description={t('sensors.sensor.isEnabledHint')}
              {...form.getInputProps(`${path}.attributes.isEnabled`, { type: 'checkbox' })}
            />
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <TextInput
                label={t('sensors.sensor.yMin')}
                inputMode="decimal"
                {...form.getInputProps(`${path}.attributes.yMin`)}
              />
              <TextInput
                label={t('sensors.sensor.yMax')}
                inputMode="decimal"
                {...form.getInputProps(`${path}.attributes.yMax`)}
              />
              <TextInput
                type="date"
                label={t('sensors.sensor.startDate')}
                {...form.getInputProps(`${path}.attributes.startDate`)}
              />
            </SimpleGrid>
            <PlotlinesEditor form={form} sensor={index} />
            <ValuesEditor form={form} sensor={index} />
            {stored ? (
              <SensorPreview row={row} stored={stored} fallbackStart={fallbackStart} />
            ) : (
              <Text size="sm" c="dimmed">
                {t('sensors.sensor.previewAfterSave')}
              </Text>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}

/** The sensor's chart with the settings as typed (once typing pauses), over its stored readings. */
function SensorPreview({ row, stored, fallbackStart }: { row: SensorRow; stored: SensorView; fallbackStart: string }) {
  const { t } = useTranslation();
  const settings = JSON.stringify([row.name, row.attributes]);
  const [settled] = useDebouncedValue(settings, PREVIEW_DELAY_MS);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the settled settings stand for the row
  const sensor = useMemo(
    () => ({ ...stored, name: row.name.trim() || stored.name, attributes: previewAttributes(row) }),
    [settled, stored],
  );
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {t('sensors.sensor.preview')}
      </Text>
      <SensorChartPanel sensor={sensor} fallbackStart={fallbackStart} height={PREVIEW_HEIGHT} order={4} />
    </Stack>
  );
}
