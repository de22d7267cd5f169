import { NumberInput, SimpleGrid, Stack, Table, Text, Textarea } from '@mantine/core';
import type { RopeAttributes } from '@rope/domain/ropes/schemas';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';
import type { EventBody } from '../api';
import type { EventForm } from './form-type';
import { LossFields } from './loss-fields';

interface MrtTabProps {
  form: EventForm;
  rope: RopeAttributes;
  /** The damages an imported inspection file found: saved with it, listed here for review. */
  damages?: readonly EventBody[];
}

/** A magnetic rope test: cycles, hours, loss and the findings; for an import, the damages it found. */
export function MrtTab({ form, rope, damages }: MrtTabProps) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const format = (value: number | undefined) => (value === undefined ? '' : fmt.number(value, 3));
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <NumberInput
          label={t('common.fields.bendingCycles')}
          min={0}
          allowDecimal={false}
          thousandSeparator="'"
          {...form.getInputProps('attributes.bendingCycles')}
        />
        <NumberInput
          label={t('events.fields.operationHours')}
          min={0}
          {...form.getInputProps('attributes.operationHours')}
        />
      </SimpleGrid>
      <LossFields form={form} rope={rope} />
      <Textarea
        label={t('events.fields.findings')}
        autosize
        minRows={3}
        maxRows={10}
        {...form.getInputProps('attributes.description')}
      />
      {damages ? (
        <div>
          <Text size="sm" fw={500} mb={4}>
            {t('events.import.damagesFound', { count: damages.length })}
          </Text>
          {damages.length > 0 ? (
            <Table.ScrollContainer minWidth={480} mah={260}>
              <Table striped withTableBorder aria-label={t('events.import.damagesLabel')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('common.fields.position')}</Table.Th>
                    <Table.Th>{t('common.fields.type')}</Table.Th>
                    <Table.Th>{t('events.fields.damageCount')}</Table.Th>
                    <Table.Th>{t('events.import.lossPct')}</Table.Th>
                    <Table.Th>{t('common.fields.description')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {damages.map((damage, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the parsed list never reorders
                    <Table.Tr key={index}>
                      <Table.Td>{format(damage.position ?? undefined)}</Table.Td>
                      <Table.Td>{t(`enums.eventTypes.${damage.attributes.type}`)}</Table.Td>
                      <Table.Td>{format(damage.attributes.damageCount)}</Table.Td>
                      <Table.Td>{format(damage.attributes.crossSectionLossAmount)}</Table.Td>
                      <Table.Td>{damage.attributes.description}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ) : null}
        </div>
      ) : null}
    </Stack>
  );
}
