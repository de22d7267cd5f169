import { ActionIcon, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { NAME_MAX_LENGTH } from '@rope/domain/common';
import type { MountedRopeView } from '@rope/domain/sensors/views';
import { useTranslation } from 'react-i18next';
import { LimitedTextInput } from '../../../components/limited-input';
import { RopePicker } from '../../sensors';
import { emptySmartropeSensor, type SmartropeFormValues } from '../smartrope-form';

const UUID_MAX_LENGTH = 64;
const UNIT_MAX_LENGTH = 32;

/**
 * A smartrope's name, fabrication number, rope and sensors. Stored sensors are renamed, not removed (their events
 * name them); a sensor added here can be dropped again before saving.
 */
export function SmartropeFields({
  form,
  current,
  autoFocus,
}: {
  form: UseFormReturnType<SmartropeFormValues>;
  current?: MountedRopeView | null;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <LimitedTextInput
          label={t('common.fields.name')}
          withAsterisk
          limit={NAME_MAX_LENGTH}
          data-autofocus={autoFocus || undefined}
          {...form.getInputProps('name')}
        />
        <LimitedTextInput
          label={t('sensors.smartropes.uuid')}
          withAsterisk
          limit={UUID_MAX_LENGTH}
          {...form.getInputProps('uuid')}
        />
      </SimpleGrid>
      <RopePicker
        current={current}
        {...form.getInputProps('rope')}
        value={form.values.rope}
        onChange={(value) => form.setFieldValue('rope', value)}
      />
      <Stack gap="xs" role="group" aria-label={t('sensors.smartropes.sensors')}>
        <Text fw={500} size="sm">
          {t('sensors.smartropes.sensors')}
        </Text>
        {form.values.sensors.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('sensors.smartropes.noSensors')}
          </Text>
        ) : null}
        {form.values.sensors.map((sensor, index) => (
          <Group key={sensor.key} gap="xs" align="flex-start" wrap="wrap">
            <LimitedTextInput
              label={t('sensors.smartropes.sensorName', { number: index + 1 })}
              withAsterisk
              limit={NAME_MAX_LENGTH}
              style={{ flex: '2 1 14rem' }}
              {...form.getInputProps(`sensors.${index}.name`)}
            />
            <LimitedTextInput
              label={t('sensors.smartropes.sensorUnit', { number: index + 1 })}
              limit={UNIT_MAX_LENGTH}
              style={{ flex: '1 1 10rem' }}
              {...form.getInputProps(`sensors.${index}.unit`)}
            />
            {sensor.id === undefined ? (
              <ActionIcon
                variant="subtle"
                color="red"
                mt={28}
                aria-label={t('sensors.smartropes.removeSensor', { number: index + 1 })}
                onClick={() => form.removeListItem('sensors', index)}
              >
                ×
              </ActionIcon>
            ) : null}
          </Group>
        ))}
        <Group>
          <Button
            size="compact-sm"
            variant="light"
            onClick={() => form.insertListItem('sensors', emptySmartropeSensor())}
          >
            {t('sensors.smartropes.addSensor')}
          </Button>
        </Group>
      </Stack>
    </Stack>
  );
}
