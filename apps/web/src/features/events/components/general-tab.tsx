import { Checkbox, Group, NumberInput, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { NAME_MAX_LENGTH } from '@rope/domain/common';
import { ACTION_STATUSES, type EventType, RECORDING_TYPES, type RecordingType } from '@rope/domain/events/kinds';
import { useTranslation } from 'react-i18next';
import { LimitedTextInput } from '../../../components/limited-input';
import { firstTypeOf, typesOf } from '../event-form';
import type { EventForm } from './form-type';

interface GeneralTabProps {
  form: EventForm;
  /** Mutations exist for stranded and track ropes only. */
  allowsMutations: boolean;
  /** A stored event keeps its recording type; the toolbar chose it for a new one. */
  lockRecordingType: boolean;
}

/** Timestamp, recording type, type, position or global, status, description and who reported it. */
export function GeneralTab({ form, allowsMutations, lockRecordingType }: GeneralTabProps) {
  const { t } = useTranslation();
  const { recordingType, type } = form.values.attributes;
  const recordingTypes = RECORDING_TYPES.filter(
    (value) => value !== 'mutation' || allowsMutations || value === recordingType,
  );

  const changeRecordingType = (value: string | null) => {
    if (!value || value === recordingType) return;
    const next = value as RecordingType;
    form.setFieldValue('attributes.recordingType', next);
    form.setFieldValue('attributes.type', firstTypeOf(next));
    form.setFieldValue('attributes.detection', next === 'damage' ? 'manual' : '');
    form.setFieldValue('attributes.mutationRelevance', next === 'mutation' ? 'relevant' : '');
  };

  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          type="datetime-local"
          label={t('common.fields.timestamp')}
          withAsterisk
          {...form.getInputProps('attributes.timestamp')}
        />
        <Select
          label={t('common.fields.status')}
          data={ACTION_STATUSES.map((value) => ({ value, label: t(`enums.actionStatuses.${value}`) }))}
          allowDeselect={false}
          {...form.getInputProps('attributes.actionStatus')}
        />
        <Select
          label={t('events.fields.recordingType')}
          data={recordingTypes.map((value) => ({ value, label: t(`enums.recordingTypes.${value}`) }))}
          allowDeselect={false}
          disabled={lockRecordingType}
          {...form.getInputProps('attributes.recordingType')}
          onChange={changeRecordingType}
        />
        <Select
          label={t('common.fields.type')}
          data={typesOf(recordingType).map((value) => ({ value, label: t(`enums.eventTypes.${value}`) }))}
          allowDeselect={false}
          withAsterisk
          {...form.getInputProps('attributes.type')}
          onChange={(value) => value && form.setFieldValue('attributes.type', value as EventType)}
        />
      </SimpleGrid>
      <Group align="flex-end" gap="md">
        <NumberInput
          label={t('common.fields.position')}
          description={t('events.fields.positionHint')}
          decimalScale={3}
          disabled={form.values.isGlobal}
          withAsterisk={!form.values.isGlobal}
          w={220}
          {...form.getInputProps('position')}
        />
        <Checkbox mb={8} label={t('events.fields.global')} {...form.getInputProps('isGlobal', { type: 'checkbox' })} />
      </Group>
      {type === 'mrtInspection' ? null : (
        <Textarea
          label={t('common.fields.description')}
          autosize
          minRows={2}
          maxRows={8}
          {...form.getInputProps('attributes.description')}
        />
      )}
      <LimitedTextInput
        label={t('events.fields.reportedBy')}
        limit={NAME_MAX_LENGTH}
        {...form.getInputProps('attributes.reportedBy')}
      />
    </Stack>
  );
}
