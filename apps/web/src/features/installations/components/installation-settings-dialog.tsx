import type { InstallationView } from '@rope/domain/hierarchy/views';
import { useTranslation } from 'react-i18next';
import { SettingsModal } from '../../../components/settings-modal';
import { InstallationSettingsEditor } from './installation-settings-editor';

interface InstallationSettingsDialogProps {
  installation: InstallationView;
  opened: boolean;
  /** Archived items, and users without AREA_PARTIAL_EDIT, see the settings without editing them. */
  readOnly: boolean;
  onClose: () => void;
  onDeleted: () => void;
}

export function InstallationSettingsDialog({
  installation,
  opened,
  readOnly,
  onClose,
  onDeleted,
}: InstallationSettingsDialogProps) {
  const { t } = useTranslation();
  return (
    <SettingsModal
      opened={opened}
      onClose={onClose}
      title={readOnly ? t('installations.settings.titleShow') : t('installations.settings.title')}
      closeLabel={t('common.actions.close')}
    >
      <InstallationSettingsEditor
        key={installation.id}
        installation={installation}
        readOnly={readOnly}
        onDone={onClose}
        onDeleted={onDeleted}
      />
    </SettingsModal>
  );
}
