import { ActionIcon, Button, Checkbox, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { NAME_MAX_LENGTH } from '@rope/domain/common';
import { useTranslation } from 'react-i18next';
import { LimitedTextInput } from '../../../components/limited-input';
import { TRENDLINE_ORDER } from '../sensor-chart-data';
import { emptyValue, type SensorDeviceFormValues } from '../sensor-device-form';

/** The lengths a value's texts take (sensorValueSchema). */
const FRAGMENT_MAX_LENGTH = 64;
const UNIT_MAX_LENGTH = 32;

/** The values a sensor's readings are drawn as: legend name and unit, calibration offset, trendlines. */
export function ValuesEditor({ form, sensor }: { form: UseFormReturnType<SensorDeviceFormValues>; sensor: number }) {
  const { t } = useTranslation();
  const path = `sensors.${sensor}.attributes.values` as const;
  const rows = form.values.sensors[sensor]?.attributes.values ?? [];
  return (
    <Stack gap="xs" role="group" aria-label={t('sensors.values.title')}>
      <Text fw={500} size="sm">
        {t('sensors.values.title')}
      </Text>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('sensors.values.none')}
        </Text>
      ) : null}
      {rows.map((row, index) => {
        const number = index + 1;
        const at = `${path}.${index}`;
        return (
          <Paper key={row.key} withBorder p="sm" radius="sm">
            <Stack gap="xs">
              <Group gap="xs" align="flex-start" wrap="wrap">
                <LimitedTextInput
                  label={t('sensors.values.name', { number })}
                  limit={NAME_MAX_LENGTH}
                  style={{ flex: '2 1 12rem' }}
                  {...form.getInputProps(`${at}.name`)}
                />
                <LimitedTextInput
                  label={t('sensors.values.fragment', { number })}
                  limit={FRAGMENT_MAX_LENGTH}
                  style={{ flex: '1 1 10rem' }}
                  {...form.getInputProps(`${at}.fragment`)}
                />
                <LimitedTextInput
                  label={t('sensors.values.unit', { number })}
                  limit={UNIT_MAX_LENGTH}
                  style={{ flex: '1 1 8rem' }}
                  {...form.getInputProps(`${at}.unit`)}
                />
                <TextInput
                  label={t('sensors.values.offset', { number })}
                  inputMode="decimal"
                  style={{ flex: '1 1 8rem' }}
                  {...form.getInputProps(`${at}.offset`)}
                />
              </Group>
              <Group gap="md" wrap="nowrap" justify="space-between" align="flex-start">
                <Group gap="md" wrap="wrap">
                  <Checkbox
                    label={t('sensors.values.isEnabled')}
                    aria-label={t('sensors.values.isEnabledLabel', { number })}
                    {...form.getInputProps(`${at}.isEnabled`, { type: 'checkbox' })}
                  />
                  <Text size="sm" c="dimmed" component="span">
                    {t('sensors.values.trendlines')}
                  </Text>
                  {TRENDLINE_ORDER.map((kind) => (
                    <Checkbox
                      key={kind}
                      label={t(`sensors.values.trend.${kind}`)}
                      aria-label={t('sensors.values.trendLabel', {
                        trend: t(`sensors.values.trend.${kind}`),
                        number,
                      })}
                      {...form.getInputProps(`${at}.trendlines.${kind}`, { type: 'checkbox' })}
                    />
                  ))}
                </Group>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('sensors.values.remove', { number })}
                  onClick={() => form.removeListItem(path, index)}
                >
                  ×
                </ActionIcon>
              </Group>
            </Stack>
          </Paper>
        );
      })}
      <Group>
        <Button size="compact-sm" variant="light" onClick={() => form.insertListItem(path, emptyValue())}>
          {t('sensors.values.add')}
        </Button>
      </Group>
    </Stack>
  );
}
