import { Group, NumberInput, Select, Text } from '@mantine/core';
import { LOSS_UNITS } from '@rope/domain/events/kinds';
import { eventLossMm2, eventLossPct, lossPerBrokenWire, metallicCrossSection } from '@rope/domain/ropes/cross-section';
import { ruleRowFor } from '@rope/domain/ropes/rule-sets';
import type { RopeAttributes } from '@rope/domain/ropes/schemas';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';
import { toNumber } from '../event-form';
import type { EventForm } from './form-type';

/** Cross-section loss with its unit, and the same loss in the other unit through the rope's metallic cross-section. */
export function LossFields({ form, rope }: { form: EventForm; rope: RopeAttributes }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const a = form.values.attributes;
  const amount = toNumber(a.crossSectionLossAmount);
  const damageCount = toNumber(a.damageCount);
  const unit = a.crossSectionLossUnit || 'percent';
  const format = (value: number) => fmt.number(value);
  const fields = { crossSectionLossAmount: amount, crossSectionLossUnit: unit, damageCount } as const;
  const pct = eventLossPct(fields, rope);
  const mm2 = eventLossMm2(fields, rope);
  let converted: string | null = null;
  if (amount !== undefined && Number.isFinite(amount)) {
    if (!metallicCrossSection(rope)) converted = t('events.loss.noCrossSection');
    else
      converted =
        unit === 'percent'
          ? t('events.loss.inMm2', { value: format(mm2) })
          : t('events.loss.inPercent', { value: format(pct) });
  } else if (pct > 0) {
    converted = t('events.loss.fromWires', { count: damageCount ?? 0, percent: format(pct), mm2: format(mm2) });
  } else if (
    (damageCount ?? 0) > 0 &&
    lossPerBrokenWire(rope) === undefined &&
    ruleRowFor(rope).row.metric === 'lossPct'
  ) {
    // Broken wires this rope cannot turn into loss: its damage will be unknown until the settings say how.
    converted = t(`maps.gauge.missing.${metallicCrossSection(rope) ? 'outerWireDiameter' : 'metallicCrossSection'}`);
  }
  return (
    <div>
      <Group align="flex-start" gap="sm">
        <NumberInput
          label={t('events.fields.crossSectionLossAmount')}
          min={0}
          decimalScale={3}
          w={200}
          {...form.getInputProps('attributes.crossSectionLossAmount')}
        />
        <Select
          label={t('events.fields.crossSectionLossUnit')}
          data={LOSS_UNITS.map((value) => ({ value, label: t(`events.units.${value}`) }))}
          allowDeselect={false}
          w={120}
          {...form.getInputProps('attributes.crossSectionLossUnit')}
        />
      </Group>
      {converted ? (
        <Text size="sm" c="dimmed" mt={4} data-testid="loss-converted">
          {converted}
        </Text>
      ) : null}
    </div>
  );
}
