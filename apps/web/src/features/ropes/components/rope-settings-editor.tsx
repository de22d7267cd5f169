import { Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { NAME_MAX_LENGTH } from '@rope/domain/common';
import { ropeSettingsFileSchema } from '@rope/domain/hierarchy/schemas';
import type { RopeView } from '@rope/domain/hierarchy/views';
import { withRemovedAttributes } from '@rope/domain/patch';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LimitedTextInput } from '../../../components/limited-input';
import { useDomainForm } from '../../../lib/domain-form';
import { problemLines, serverProblems, settingsFieldLabel } from '../../../lib/field-problems';
import { hasFieldErrors } from '../../../lib/messages';
import { useConfirmHierarchyDelete } from '../../areas/confirm-hierarchy-delete';
import { failureText } from '../../auth/messages';
import { useCan } from '../../auth/session';
import { SettingsFileButtons } from '../../installations/components/settings-file-buttons';
import { SettingsFooter } from '../../installations/components/settings-footer';
import { settingsFileName } from '../../installations/settings-file';
import { useDeleteRope, useUpdateRope } from '../api';
import { initialRopeValues, ropeFormSpec, ropeSettingsFile, toRopeUpdate, valuesFromRopeFile } from '../rope-form';
import { RopeSettingsTabs } from './rope-settings-tabs';

interface RopeSettingsEditorProps {
  rope: RopeView;
  readOnly: boolean;
  onDone: () => void;
  onDeleted: () => void;
}

export function RopeSettingsEditor({ rope, readOnly, onDone, onDeleted }: RopeSettingsEditorProps) {
  const { t, i18n } = useTranslation();
  const canDelete = useCan('AREA_FULL_EDIT');
  const update = useUpdateRope();
  const remove = useDeleteRope();
  const [failure, setFailure] = useState<string | null>(null);
  const { form, onSubmit } = useDomainForm({ initialValues: initialRopeValues(rope), ...ropeFormSpec });

  const fieldLabel = settingsFieldLabel(t, (key) => i18n.exists(key), 'ropes', 'rope');
  // A refused save lists its fields by their labels, never by the API's paths.
  const saveFailure = (error: unknown) =>
    hasFieldErrors(error)
      ? problemLines(serverProblems(t, error), fieldLabel).join('\n')
      : failureText(t, error, t('common.tryLater'));

  const submit = onSubmit((_rope, values) => {
    setFailure(null);
    update.mutate(
      { id: rope.id, rope: withRemovedAttributes(rope.attributes, toRopeUpdate(values)) },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('ropes.settings.saved') });
          onDone();
        },
        onError: (error) => setFailure(saveFailure(error)),
      },
    );
  });

  const confirmDeletion = useConfirmHierarchyDelete('ropes', remove, { onDeleted, onFailure: setFailure });
  const askDelete = () => confirmDeletion(rope.id);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <LimitedTextInput
          label={t('common.fields.name')}
          withAsterisk={!readOnly}
          readOnly={readOnly}
          limit={NAME_MAX_LENGTH}
          data-autofocus
          {...form.getInputProps('name')}
        />
        <RopeSettingsTabs
          form={form}
          readOnly={readOnly}
          missing={rope.damages?.status === 'unknown' ? rope.damages.missingInputs : []}
        />
        <SettingsFileButtons
          schema={ropeSettingsFileSchema}
          readOnly={readOnly}
          download={() => ({
            fileName: settingsFileName(String(form.values.name)),
            data: ropeSettingsFile(form.values),
          })}
          fieldLabel={fieldLabel}
          onLoaded={(file) => {
            form.setValues(valuesFromRopeFile(file, form.values));
            form.clearErrors();
          }}
        />
        <SettingsFooter
          failure={failure}
          failureTitle={t('ropes.settings.saveError')}
          readOnly={readOnly}
          saving={update.isPending}
          onDone={onDone}
          remove={
            canDelete ? { label: t('common.actions.delete'), onClick: askDelete, pending: remove.isPending } : undefined
          }
        />
      </Stack>
    </form>
  );
}
