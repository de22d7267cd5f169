import { Select, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { NAME_MAX_LENGTH } from '@rope/domain/common';
import type { AreaView } from '@rope/domain/hierarchy/views';
import { useTranslation } from 'react-i18next';
import { LimitedTextInput } from '../../../components/limited-input';
import { useMandators } from '../../mandators';
import { useAreaUsers, useMandatorUsers } from '../api';
import type { AreaFormValues } from '../area-form';

interface AreaIdentityFieldsProps {
  form: UseFormReturnType<AreaFormValues>;
  area: AreaView | undefined;
  /** AREA_FULL_EDIT: name, mandator and client user; others see them read-only. */
  fullEdit: boolean;
}

export function AreaIdentityFields({ form, area, fullEdit }: AreaIdentityFieldsProps) {
  const { t } = useTranslation();
  const mandators = useMandators(fullEdit);
  const mandatorId = form.values.mandatorId === '' ? undefined : Number(form.values.mandatorId);
  // Admins pick among the chosen mandator's users; others only see who is set, from the area's users.
  const mandatorUsers = useMandatorUsers(mandatorId, fullEdit);
  const areaUsers = useAreaUsers(area?.id, !fullEdit);
  const users = (fullEdit ? mandatorUsers.data : areaUsers.data) ?? [];
  const userOptions = users.map((user) => ({ value: String(user.id), label: `${user.name} (${user.email})` }));
  const mandatorOptions = fullEdit
    ? (mandators.data ?? []).map((mandator) => ({ value: String(mandator.id), label: mandator.name }))
    : area
      ? [{ value: String(area.mandator.id), label: area.mandator.name }]
      : [];

  return (
    <Stack gap="sm">
      <LimitedTextInput
        label={t('common.fields.name')}
        withAsterisk={fullEdit}
        readOnly={!fullEdit}
        limit={NAME_MAX_LENGTH}
        data-autofocus
        {...form.getInputProps('name')}
      />
      <Select
        label={t('common.fields.mandator')}
        withAsterisk={fullEdit}
        readOnly={!fullEdit}
        searchable
        data={mandatorOptions}
        nothingFoundMessage={t('areas.dialog.nothingFound')}
        {...form.getInputProps('mandatorId')}
        value={form.values.mandatorId === '' ? null : form.values.mandatorId}
        onChange={(value) => {
          form.setFieldValue('mandatorId', value ?? '');
          form.setFieldValue('adminUserId', '');
        }}
      />
      <Select
        label={t('areas.dialog.adminUser')}
        placeholder={t('areas.dialog.adminUserNone')}
        readOnly={!fullEdit}
        clearable={fullEdit}
        searchable
        disabled={fullEdit && mandatorId === undefined}
        data={userOptions}
        nothingFoundMessage={t('areas.dialog.nothingFound')}
        {...form.getInputProps('adminUserId')}
        value={form.values.adminUserId === '' ? null : form.values.adminUserId}
        onChange={(value) => form.setFieldValue('adminUserId', value ?? '')}
      />
      {fullEdit ? null : (
        <Text size="xs" c="dimmed">
          {t('areas.dialog.readOnlyHint')}
        </Text>
      )}
    </Stack>
  );
}
