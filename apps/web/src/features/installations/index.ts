// The feature's public file: other features and the router import it, never the files behind it (lazy screens,
// sections and dialogs excepted: .dependency-cruiser.cjs).
export { installationKeys, installationQuery, useInstallation, useInstallations, useUpdateInstallation } from './api';
export {
  type AttributeValues,
  attributeField,
  attributesFromValues,
  type FieldSpec,
  valuesFromAttributes,
} from './attribute-form';
export { AttributeFields } from './components/attribute-fields';
export { InstallationList } from './components/installation-list';
export { SettingsFileButtons } from './components/settings-file-buttons';
export { SettingsNameInput } from './components/settings-name-input';
export { settingsFileName } from './settings-file';
export { useSettingsEditor } from './use-settings-editor';
