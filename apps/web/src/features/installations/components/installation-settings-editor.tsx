import { Stack } from '@mantine/core';
import { installationSettingsFileSchema, lockedInstallationAttributes } from '@rope/domain/hierarchy/schemas';
import type { InstallationView } from '@rope/domain/hierarchy/views';
import { withRemovedAttributes } from '@rope/domain/patch';
import { useState } from 'react';
import { EditorFooter } from '../../../components/editor-footer';
import { useDomainForm } from '../../../lib/domain-form';
import { useCan, useSessionUser } from '../../../lib/session/session';
import { useDeleteInstallation, useUpdateInstallation } from '../api';
import {
  initialInstallationValues,
  installationFormSpec,
  installationSettingsFile,
  toInstallationUpdate,
  valuesFromInstallationFile,
} from '../installation-form';
import { settingsFileName } from '../settings-file';
import { useSettingsEditor } from '../use-settings-editor';
import { InstallationSettingsTabs } from './installation-settings-tabs';
import { SettingsFileButtons } from './settings-file-buttons';
import { SettingsNameInput } from './settings-name-input';

interface InstallationSettingsEditorProps {
  installation: InstallationView;
  readOnly: boolean;
  onDone: () => void;
  onDeleted: () => void;
}

export function InstallationSettingsEditor({
  installation,
  readOnly,
  onDone,
  onDeleted,
}: InstallationSettingsEditorProps) {
  const user = useSessionUser();
  const access = { isAdmin: useCan('MAP_EDIT'), mayEditTimezone: useCan('INSTALLATION_TIMEZONE'), readOnly };
  const locked = lockedInstallationAttributes({ roles: user?.roles ?? [] });
  const { fieldLabel, save, footer } = useSettingsEditor('installations', installation.id, {
    update: useUpdateInstallation(),
    remove: useDeleteInstallation(),
    onDone,
    onDeleted,
  });
  const [base, setBase] = useState(installation.attributes);
  const { form, onSubmit } = useDomainForm({
    initialValues: initialInstallationValues(installation),
    ...installationFormSpec(base),
  });

  const submit = onSubmit((_installation, values) =>
    save({
      id: installation.id,
      installation: withRemovedAttributes(installation.attributes, toInstallationUpdate(values, base)),
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SettingsNameInput readOnly={readOnly} {...form.getInputProps('name')} />
        <InstallationSettingsTabs
          form={form}
          access={access}
          installationId={installation.id}
          base={base}
          onUploaded={(uploaded) => {
            setBase(uploaded.attributes);
            form.setFieldValue('isMap', true);
          }}
        />
        <SettingsFileButtons
          schema={installationSettingsFileSchema}
          readOnly={readOnly}
          download={() => ({
            fileName: settingsFileName(String(form.values.name)),
            data: installationSettingsFile(form.values),
          })}
          fieldLabel={fieldLabel}
          onLoaded={(file) => {
            form.setValues(valuesFromInstallationFile(file, form.values, locked));
            form.clearErrors();
          }}
        />
        <EditorFooter readOnly={readOnly} {...footer} />
      </Stack>
    </form>
  );
}
