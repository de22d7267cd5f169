import { Stack } from '@mantine/core';
import { ropeSettingsFileSchema } from '@rope/domain/hierarchy/schemas';
import type { RopeView } from '@rope/domain/hierarchy/views';
import { withRemovedAttributes } from '@rope/domain/patch';
import { EditorFooter } from '../../../components/editor-footer';
import { useDomainForm } from '../../../lib/domain-form';
import { SettingsFileButtons, SettingsNameInput, settingsFileName, useSettingsEditor } from '../../installations';
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
  const { fieldLabel, save, footer } = useSettingsEditor('ropes', rope.id, {
    update: useUpdateRope(),
    remove: useDeleteRope(),
    onDone,
    onDeleted,
  });
  const { form, onSubmit } = useDomainForm({ initialValues: initialRopeValues(rope), ...ropeFormSpec });

  const submit = onSubmit((_rope, values) =>
    save({ id: rope.id, rope: withRemovedAttributes(rope.attributes, toRopeUpdate(values)) }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SettingsNameInput readOnly={readOnly} {...form.getInputProps('name')} />
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
        <EditorFooter readOnly={readOnly} {...footer} />
      </Stack>
    </form>
  );
}
