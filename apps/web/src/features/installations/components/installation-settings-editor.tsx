import { Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { NAME_MAX_LENGTH } from '@rope/domain/common';
import { installationSettingsFileSchema, lockedInstallationAttributes } from '@rope/domain/hierarchy';
import { withRemovedAttributes } from '@rope/domain/patch';
import { validationMessageKey } from '@rope/domain/validation-messages';
import type { InstallationView } from '@rope/domain/views/hierarchy';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LimitedTextInput } from '../../../components/limited-input';
import { ApiError } from '../../../lib/api-client';
import { fieldsToProblems, problemLines, settingsFieldLabel } from '../../../lib/field-problems';
import { useConfirmHierarchyDelete } from '../../areas/confirm-hierarchy-delete';
import { failureText, translateMessage } from '../../auth/messages';
import { useCan, useSessionUser } from '../../auth/session';
import { useDeleteInstallation, useUpdateInstallation } from '../api';
import type { AttributeValues } from '../attribute-form';
import {
  initialInstallationValues,
  installationSettingsFile,
  toInstallationUpdate,
  validateInstallation,
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
  const translate = (field: string, text: string) => {
    if (validationMessageKey(text)) return translateMessage(t, text);
    if (field === 'constructionYear') return t('installations.settings.yearRange', { max: new Date().getFullYear() });
    return t('installations.settings.invalid');
  };
  const form = useForm<AttributeValues>({
    mode: 'controlled',
    initialValues: initialInstallationValues(installation),
    validate: (values) =>
      Object.fromEntries(
        Object.entries(validateInstallation(values, base)).map(([field, text]) => [field, translate(field, text)]),
      ),
  });

  const fieldLabel = settingsFieldLabel(t, (key) => i18n.exists(key), 'installations', 'installation');
  // A refused save lists its fields by their labels, never by the API's paths.
  const saveFailure = (error: unknown) =>
    error instanceof ApiError && error.fields && Object.keys(error.fields).length > 0
      ? problemLines(fieldsToProblems(error.fields), fieldLabel, (message) => translateMessage(t, message)).join('\n')
      : failureText(t, error, t('areas.tryLater'));

  const submit = form.onSubmit((values) => {
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
          label={t('installations.attributes.name')}
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
            canDelete
              ? { label: t('installations.settings.delete'), onClick: askDelete, pending: remove.isPending }
              : undefined
          }
        />
      </Stack>
    </form>
  );
}
