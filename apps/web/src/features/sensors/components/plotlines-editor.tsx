import { ActionIcon, Button, ColorInput, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { NAME_MAX_LENGTH } from '@rope/domain/common';
import { useTranslation } from 'react-i18next';
import { CHART_COLOURS, LIMIT_COLOUR } from '../../../components/chart-style';
import { LimitedTextInput } from '../../../components/limited-input';
import { emptyPlotline, type SensorDeviceFormValues } from '../sensor-device-form';

const SWATCHES = [LIMIT_COLOUR, '#fd7e14', ...CHART_COLOURS];

/**
 * A sensor's plotlines, a row each: name, position and colour. An empty row is dropped on save; a row with only a
 * name or only a position gets the domain's message under the missing input.
 */
export function PlotlinesEditor({ form, sensor }: { form: UseFormReturnType<SensorDeviceFormValues>; sensor: number }) {
  const { t } = useTranslation();
  const path = `sensors.${sensor}.attributes.plotlines` as const;
  const rows = form.values.sensors[sensor]?.attributes.plotlines ?? [];
  return (
    <Stack gap="xs" role="group" aria-label={t('sensors.plotlines.title')}>
      <Text fw={500} size="sm">
        {t('sensors.plotlines.title')}
      </Text>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('sensors.plotlines.none')}
        </Text>
      ) : null}
      {rows.map((row, index) => (
        <Paper key={row.key} withBorder p="sm" radius="sm" data-testid="plotline-row">
          <Group gap="xs" align="flex-start" wrap="wrap">
            <LimitedTextInput
              label={t('sensors.plotlines.name', { number: index + 1 })}
              limit={NAME_MAX_LENGTH}
              style={{ flex: '2 1 14rem' }}
              {...form.getInputProps(`${path}.${index}.name`)}
            />
            <TextInput
              label={t('sensors.plotlines.position', { number: index + 1 })}
              inputMode="decimal"
              style={{ flex: '1 1 10rem' }}
              {...form.getInputProps(`${path}.${index}.position`)}
            />
            <ColorInput
              label={t('sensors.plotlines.colour', { number: index + 1 })}
              format="hex"
              withEyeDropper={false}
              swatches={SWATCHES}
              style={{ flex: '1 1 10rem' }}
              {...form.getInputProps(`${path}.${index}.color`)}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              mt={28}
              aria-label={t('sensors.plotlines.remove', { number: index + 1 })}
              onClick={() => form.removeListItem(path, index)}
            >
              ×
            </ActionIcon>
          </Group>
        </Paper>
      ))}
      <Group>
        <Button size="compact-sm" variant="light" onClick={() => form.insertListItem(path, emptyPlotline())}>
          {t('sensors.plotlines.add')}
        </Button>
      </Group>
    </Stack>
  );
}
