import { Checkbox, CloseButton, NumberInput, Select, Table, Text, TextInput } from '@mantine/core';
import { LUBRICANT_CONDITIONS, SPLICE_PART_TYPES } from '@rope/domain/events/kinds';
import { useTranslation } from 'react-i18next';
import { LimitedTextInput } from '../../../components/limited-input';
import { useFormat } from '../../../lib/format';
import { BAND_COLOURS, type PartCheck } from '../splice-checks';
import type { EventForm } from './form-type';

interface SplicePartRowProps {
  form: EventForm;
  splice: number;
  index: number;
  check: PartCheck;
  editable: boolean;
}

const NUMBER_FIELDS = ['position', 'length'] as const;
const COUNT_FIELDS = ['brokenWireCount', 'looseWireCount'] as const;

/** One part of a splice; the measured diameter and the deviation show their band while being typed. */
export function SplicePartRow({ form, splice, index, check, editable }: SplicePartRowProps) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const path = `attributes.splices.${splice}.parts.${index}` as const;
  const part = form.values.attributes.splices[splice]?.parts[index];
  if (!part) return null;
  const measured = part.type === 'knot' ? 'diameterMax' : 'diameterMin';
  const bandStyle = check.band ? { background: BAND_COLOURS[check.band] } : undefined;
  const input = (field: string) => ({ size: 'xs' as const, ...form.getInputProps(`${path}.${field}`) });
  const diameter = (field: 'diameterMin' | 'diameterMax') => (
    <Table.Td
      style={field === measured ? bandStyle : undefined}
      data-band={field === measured ? check.band : undefined}
    >
      <NumberInput {...input(field)} min={0} decimalScale={2} w={80} aria-label={t(`events.splice.parts.${field}`)} />
    </Table.Td>
  );
  return (
    <Table.Tr>
      <Table.Td>
        <LimitedTextInput {...input('name')} limit={45} w={70} aria-label={t('common.fields.name')} />
      </Table.Td>
      <Table.Td>
        <Select
          {...input('type')}
          w={100}
          allowDeselect={false}
          aria-label={t('common.fields.type')}
          data={SPLICE_PART_TYPES.map((value) => ({ value, label: t(`events.partTypes.${value}`) }))}
        />
      </Table.Td>
      {NUMBER_FIELDS.map((field) => (
        <Table.Td key={field}>
          <NumberInput {...input(field)} decimalScale={3} w={80} aria-label={t(`events.splice.parts.${field}`)} />
        </Table.Td>
      ))}
      {diameter('diameterMin')}
      {diameter('diameterMax')}
      <Table.Td style={bandStyle} data-testid="splice-deviation" data-band={check.band}>
        {check.deviation === undefined ? null : (
          <Text size="xs" fw={600} style={{ whiteSpace: 'nowrap' }}>
            {t('common.percent', {
              value: `${check.deviation > 0 ? '+' : ''}${fmt.number(check.deviation, 1)}`,
            })}
          </Text>
        )}
        {check.band === 'yellow' || check.band === 'red' ? (
          <Text size="xs" c={check.band === 'red' ? 'red.9' : 'yellow.9'}>
            {t(`events.splice.warnings.${check.band}`)}
          </Text>
        ) : null}
      </Table.Td>
      {COUNT_FIELDS.map((field) => (
        <Table.Td key={field}>
          <NumberInput
            {...input(field)}
            min={0}
            allowDecimal={false}
            w={64}
            aria-label={t(`events.splice.parts.${field}`)}
          />
        </Table.Td>
      ))}
      <Table.Td>
        <Checkbox
          {...form.getInputProps(`${path}.isTouchingStrands`, { type: 'checkbox' })}
          aria-label={t('events.splice.parts.isTouchingStrands')}
        />
      </Table.Td>
      <Table.Td>
        <Checkbox
          {...form.getInputProps(`${path}.isCorrosion`, { type: 'checkbox' })}
          aria-label={t('enums.eventTypes.corrosion')}
        />
      </Table.Td>
      <Table.Td>
        <Select
          {...input('lubricantCondition')}
          w={120}
          aria-label={t('events.splice.parts.lubricantCondition')}
          data={LUBRICANT_CONDITIONS.map((value) => ({ value, label: t(`events.lubricant.${value}`) }))}
        />
      </Table.Td>
      <Table.Td>
        <TextInput {...input('comment')} w={140} aria-label={t('common.fields.comment')} />
      </Table.Td>
      <Table.Td>
        {editable ? (
          <CloseButton
            size="sm"
            aria-label={t('events.splice.removePart', { name: part.name || index + 1 })}
            onClick={() => form.removeListItem(`attributes.splices.${splice}.parts`, index)}
          />
        ) : null}
      </Table.Td>
    </Table.Tr>
  );
}
