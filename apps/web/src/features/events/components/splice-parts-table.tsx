import { Alert, Button, Group, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { emptySplicePart } from '../event-form';
import { checkPart, worstBand } from '../splice-checks';
import type { EventForm } from './form-type';
import { SplicePartRow } from './splice-part-row';

const HEADERS = [
  'name',
  'type',
  'position',
  'length',
  'diameterMin',
  'diameterMax',
  'deviationHeader',
  'brokenWireCount',
  'looseWireCount',
  'isTouchingStrands',
  'isCorrosion',
  'lubricantCondition',
  'comment',
] as const;

interface SplicePartsTableProps {
  form: EventForm;
  splice: number;
  nominalDiameter: number | undefined;
  editable: boolean;
}

/** The parts of one splice with live deviation bands against the rope's nominal diameter. */
export function SplicePartsTable({ form, splice, nominalDiameter, editable }: SplicePartsTableProps) {
  const { t } = useTranslation();
  const parts = form.values.attributes.splices[splice]?.parts ?? [];
  const checks = parts.map((part) => checkPart(part, nominalDiameter));
  const worst = worstBand(checks);
  const add = (type: 'knot' | 'other') =>
    form.insertListItem(`attributes.splices.${splice}.parts`, emptySplicePart(type));
  return (
    <>
      {worst === 'yellow' || worst === 'red' ? (
        <Alert color={worst} variant="light" data-testid="splice-warning">
          {t(`events.splice.warnings.${worst}`)}
        </Alert>
      ) : null}
      {nominalDiameter ? null : (
        <Alert color="gray" variant="light">
          {t('events.splice.noNominalDiameter')}
        </Alert>
      )}
      <Table.ScrollContainer minWidth={1400}>
        <Table withTableBorder verticalSpacing={4} horizontalSpacing={4} aria-label={t('events.splice.parts.label')}>
          <Table.Thead>
            <Table.Tr>
              {HEADERS.map((header) => (
                <Table.Th key={header} fz="xs">
                  {t(`events.splice.parts.${header}`)}
                </Table.Th>
              ))}
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {parts.map((_, index) => (
              <SplicePartRow
                // biome-ignore lint/suspicious/noArrayIndexKey: parts have no id; a removed row re-renders the rest
                key={index}
                form={form}
                splice={splice}
                index={index}
                check={checks[index] ?? {}}
                editable={editable}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {editable ? (
        <Group gap="xs">
          <Button size="compact-sm" variant="light" onClick={() => add('knot')}>
            {t('events.splice.addKnot')}
          </Button>
          <Button size="compact-sm" variant="light" onClick={() => add('other')}>
            {t('events.splice.addPart')}
          </Button>
        </Group>
      ) : null}
    </>
  );
}
