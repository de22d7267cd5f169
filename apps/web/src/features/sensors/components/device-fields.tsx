import { SimpleGrid, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { NAME_MAX_LENGTH } from '@rope/domain/common';
import type { MountedRopeView } from '@rope/domain/sensors/views';
import { useTranslation } from 'react-i18next';
import { LimitedTextInput } from '../../../components/limited-input';
import type { SensorDeviceFormValues } from '../sensor-device-form';
import { RopePicker } from './rope-picker';

/** The lengths the device's attributes take (sensorDeviceAttributesSchema). */
const ATTRIBUTE_LIMITS = { iccid: 32, imei: 32, firmware: 64 } as const;

/** A device's name, rope and modem attributes: in the add dialog and on the device's page. */
export function DeviceFields({
  form,
  current,
  autoFocus,
}: {
  form: UseFormReturnType<SensorDeviceFormValues>;
  current?: MountedRopeView | null;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <LimitedTextInput
        label={t('common.fields.name')}
        withAsterisk
        limit={NAME_MAX_LENGTH}
        data-autofocus={autoFocus || undefined}
        {...form.getInputProps('name')}
      />
      <RopePicker
        current={current}
        {...form.getInputProps('rope')}
        value={form.values.rope}
        onChange={(value) => form.setFieldValue('rope', value)}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        {(['iccid', 'imei', 'firmware'] as const).map((key) => (
          <LimitedTextInput
            key={key}
            label={t(`sensors.devices.${key}`)}
            limit={ATTRIBUTE_LIMITS[key]}
            {...form.getInputProps(`attributes.${key}`)}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
