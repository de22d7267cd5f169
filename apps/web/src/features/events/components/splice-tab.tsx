import { Alert, Button, Group, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { LONG_SPLICE_MIN_DIAMETERS, SPLICE_SPACING_MIN_DIAMETERS } from '@rope/domain/ropes/splices';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';
import type { SpliceCheck } from '../splice-checks';
import type { EventForm } from './form-type';
import { SplicePartsTable } from './splice-parts-table';

interface SpliceTabProps {
  form: EventForm;
  index: number;
  check: SpliceCheck;
  nominalDiameter: number | undefined;
  editable: boolean;
  onRemove: () => void;
}

const POSITION_FIELDS = ['positionStart', 'positionEnd'] as const;
const COUNT_FIELDS = ['strandCount', 'knotCount', 'tuckTailCount', 'tuckTailEndCount'] as const;

/** One splice of a splice inspection: its range and counts, its length in d with the flags, and its parts. */
export function SpliceTab({ form, index, check, nominalDiameter, editable, onRemove }: SpliceTabProps) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const path = `attributes.splices.${index}` as const;
  const format = fmt.integer;
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="sm">
        {POSITION_FIELDS.map((field) => (
          <NumberInput
            key={field}
            label={t(`events.splice.${field}`)}
            decimalScale={3}
            withAsterisk
            {...form.getInputProps(`${path}.${field}`)}
          />
        ))}
        {COUNT_FIELDS.map((field) => (
          <NumberInput
            key={field}
            label={t(`events.splice.${field}`)}
            min={0}
            allowDecimal={false}
            {...form.getInputProps(`${path}.${field}`)}
          />
        ))}
      </SimpleGrid>
      {check.ratio === undefined ? null : (
        <Text size="sm" data-testid="splice-ratio">
          {t('events.splice.ratio', { ratio: format(check.ratio) })}
        </Text>
      )}
      {check.short ? (
        <Alert color="yellow" variant="light">
          {t('events.splice.short', { min: format(LONG_SPLICE_MIN_DIAMETERS) })}
        </Alert>
      ) : null}
      {check.close ? (
        <Alert color="yellow" variant="light">
          {t('events.splice.close', { min: format(SPLICE_SPACING_MIN_DIAMETERS) })}
        </Alert>
      ) : null}
      <SplicePartsTable form={form} splice={index} nominalDiameter={nominalDiameter} editable={editable} />
      {editable ? (
        <Group justify="flex-end">
          <Button size="compact-sm" color="red" variant="subtle" onClick={onRemove}>
            {t('events.splice.remove')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
