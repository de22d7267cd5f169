import { Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { NAME_MAX_LENGTH } from '@rope/domain/common';
import { installationSettingsFileSchema, lockedInstallationAttributes } from '@rope/domain/hierarchy/schemas';
import type { InstallationView } from '@rope/domain/hierarchy/views';
import { withRemovedAttributes } from '@rope/domain/patch';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LimitedTextInput } from '../../../components/limited-input';
import { useDomainForm } from '../../../lib/domain-form';
import { problemLines, serverProblems, settingsFieldLabel } from '../../../lib/field-problems';
import { hasFieldErrors } from '../../../lib/messages';
import { useConfirmHierarchyDelete } from '../../areas/confirm-hierarchy-delete';
import { failureText } from '../../auth/messages';
import { useCan, useSessionUser } from '../../auth/session';
import { useDeleteInstallation, useUpdateInstallation } from '../api';
import {
  initialInstallationValues,
  installationFormSpec,
  installationSettingsFile,
  toInstallationUpdate,
  valuesFromInstallationFile,
} from '../installation-form';
import { settingsFileName } from '../settings-file';
import { InstallationSettingsTabs } from './installation-settings-tabs';
import { SettingsFileButtons } from './settings-file-buttons';
import { SettingsFooter } from './settings-footer';

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
  const { t, i18n } = useTranslation();
  const user = useSessionUser();
  const access = { isAdmin: useCan('MAP_EDIT'), mayEditTimezone: useCan('INSTALLATION_TIMEZONE'), readOnly };
  const canDelete = useCan('AREA_FULL_EDIT');
  const locked = lockedInstallationAttributes({ roles: user?.roles ?? [] });
  const update = useUpdateInstallation();
  const remove = useDeleteInstallation();
  const [base, setBase] = useState(installation.attributes);
  const [failure, setFailure] = useState<string | null>(null);
  const { form, onSubmit } = useDomainForm({
    initialValues: initialInstallationValues(installation),
    ...installationFormSpec(base),
  });

  const fieldLabel = settingsFieldLabel(t, (key) => i18n.exists(key), 'installations', 'installation');
  // A refused save lists its fields by their labels, never by the API's paths.
  const saveFailure = (error: unknown) =>
    hasFieldErrors(error)
      ? problemLines(serverProblems(t, error), fieldLabel).join('\n')
      : failureText(t, error, t('common.tryLater'));

  const submit = onSubmit((_installation, values) => {
    setFailure(null);
    update.mutate(
      {
        id: installation.id,
        installation: withRemovedAttributes(installation.attributes, toInstallationUpdate(values, base)),
      },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('installations.settings.saved') });
          onDone();
        },
        onError: (error) => setFailure(saveFailure(error)),
      },
    );
  });

  const confirmDeletion = useConfirmHierarchyDelete('installations', remove, { onDeleted, onFailure: setFailure });
  const askDelete = () => confirmDeletion(installation.id);

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
        <SettingsFooter
          failure={failure}
          failureTitle={t('installations.settings.saveError')}
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
