import { NumberInput, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import type { RopeAttributes } from '@rope/domain/ropes/schemas';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';
import { needsPositionEnd } from '../event-form';
import type { EventForm } from './form-type';
import { LossFields } from './loss-fields';

/** Broken wires, loss, hours and cycles; the end of a repair piece; how a damage was found. */
export function SpecificsTab({ form, rope }: { form: EventForm; rope: RopeAttributes }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const a = form.values.attributes;
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <NumberInput
          label={t('events.fields.damageCount')}
          min={0}
          allowDecimal={false}
          {...form.getInputProps('attributes.damageCount')}
        />
        <NumberInput
          label={t('events.fields.operationHours')}
          min={0}
          {...form.getInputProps('attributes.operationHours')}
        />
        <NumberInput
          label={t('common.fields.bendingCycles')}
          min={0}
          allowDecimal={false}
          thousandSeparator="'"
          {...form.getInputProps('attributes.bendingCycles')}
        />
      </SimpleGrid>
      <LossFields form={form} rope={rope} />
      {needsPositionEnd(a.type) ? (
        <NumberInput
          label={t('events.fields.positionEnd')}
          decimalScale={3}
          withAsterisk
          w={220}
          {...form.getInputProps('attributes.positionEnd')}
        />
      ) : null}
      {a.recordingType === 'damage' ? (
        <div>
          <Text size="sm" fw={500} mb={4} id="event-detection-label">
            {t('events.fields.detection')}
          </Text>
          <SegmentedControl
            aria-labelledby="event-detection-label"
            data={[
              { value: 'manual', label: t('events.detection.manual') },
              { value: 'mrt', label: t('events.detection.mrt') },
            ]}
            value={a.detection || 'manual'}
            onChange={(value) => form.setFieldValue('attributes.detection', value as 'manual' | 'mrt')}
          />
          {a.detection === 'mrt' ? (
            <Text size="xs" c="dimmed" mt={4} data-testid="mrt-position-hint">
              {t('events.fields.mrtPositionHint', {
                offset: fmt.number(rope.positionOffset ?? 0, 3),
              })}
            </Text>
          ) : null}
        </div>
      ) : null}
    </Stack>
  );
}
