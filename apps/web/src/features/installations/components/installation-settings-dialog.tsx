import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { InstallationView } from '@rope/domain/views/hierarchy';
import { useTranslation } from 'react-i18next';
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
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={readOnly ? t('installations.settings.titleShow') : t('installations.settings.title')}
      size="xl"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('installations.settings.close') }}
    >
      {opened ? (
        <InstallationSettingsEditor
          key={installation.id}
          installation={installation}
          readOnly={readOnly}
          onDone={onClose}
          onDeleted={onDeleted}
        />
      ) : null}
    </Modal>
  );
}
