import { NumberInput, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { MUTATION_RELEVANCE } from '@rope/domain/events/kinds';
import { useTranslation } from 'react-i18next';
import { needsPositionEnd } from '../event-form';
import type { EventForm } from './form-type';

/** A length change of the rope: how much (negative when shortened), the range replaced, and whether it counts. */
export function MutationTab({ form }: { form: EventForm }) {
  const { t } = useTranslation();
  const { type } = form.values.attributes;
  const shiftsLength = type === 'shortening' || type === 'extension';
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t(`events.mutation.hint.${type === 'shortening' ? 'shortening' : 'other'}`)}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <NumberInput
          label={t('events.fields.lengthChange')}
          decimalScale={3}
          withAsterisk={shiftsLength}
          {...form.getInputProps('attributes.lengthChange')}
        />
        <Select
          label={t('events.fields.mutationRelevance')}
          description={t('events.mutation.relevanceHint')}
          data={MUTATION_RELEVANCE.map((value) => ({ value, label: t(`events.relevance.${value}`) }))}
          allowDeselect={false}
          {...form.getInputProps('attributes.mutationRelevance')}
        />
        {needsPositionEnd(type) ? (
          <NumberInput
            label={t('events.fields.positionEnd')}
            decimalScale={3}
            withAsterisk
            {...form.getInputProps('attributes.positionEnd')}
          />
        ) : null}
      </SimpleGrid>
    </Stack>
  );
}
