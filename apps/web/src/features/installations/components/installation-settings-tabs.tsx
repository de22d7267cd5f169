import { Stack, Tabs } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { InstallationAttributes } from '@rope/domain/hierarchy/installations';
import type { InstallationView } from '@rope/domain/hierarchy/views';
import { useTranslation } from 'react-i18next';
import type { AttributeValues } from '../attribute-form';
import {
  type FieldAccess,
  INSTALLATION_TABS,
  type InstallationTab,
  installationFields,
  isFieldEditable,
  isFieldShown,
} from '../installation-fields';
import { useCountries, useTimezones } from '../intl-api';
import { AttributeFields } from './attribute-fields';
import { InstallationMapImage } from './installation-map-tab';

interface InstallationSettingsTabsProps {
  form: UseFormReturnType<AttributeValues>;
  access: FieldAccess;
  installationId: number;
  base: InstallationAttributes;
  onUploaded: (installation: InstallationView) => void;
}

/** General, Operation, Location and Map: every attribute of the installation catalogue. */
export function InstallationSettingsTabs({
  form,
  access,
  installationId,
  base,
  onUploaded,
}: InstallationSettingsTabsProps) {
  const { t } = useTranslation();
  const countries = useCountries();
  const timezones = useTimezones();
  const fields = installationFields();
  const shown = (tab: InstallationTab) => fields[tab].filter((field) => isFieldShown(field.key, form.values, access));
  const hasError = (tab: InstallationTab) => shown(tab).some((field) => form.errors[field.key]);
  const label = (key: string) => t(`installations.attributes.${key as 'objectName'}`);
  const optionLabel = (key: string, option: string) =>
    t(`installations.options.${key as 'clampType'}.${option as 'fixGrip'}`);

  return (
    <Tabs defaultValue="general" keepMounted>
      <Tabs.List>
        {INSTALLATION_TABS.map((tab) => (
          <Tabs.Tab
            key={tab}
            value={tab}
            color={hasError(tab) ? 'red' : undefined}
            c={hasError(tab) ? 'red' : undefined}
          >
            {t(`installations.settings.tabs.${tab}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {INSTALLATION_TABS.map((tab) => (
        <Tabs.Panel key={tab} value={tab} pt="md">
          <Stack gap="md">
            <AttributeFields
              form={form}
              fields={shown(tab)}
              label={label}
              optionLabel={optionLabel}
              editable={(key) => isFieldEditable(key, access)}
              remoteOptions={{ country: countries.options, timezone: timezones.options }}
              nothingFound={t('areas.dialog.nothingFound')}
            />
            {tab === 'map' ? (
              <InstallationMapImage
                installationId={installationId}
                attributes={base}
                readOnly={access.readOnly}
                onUploaded={onUploaded}
              />
            ) : null}
          </Stack>
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
