import type { RopeView } from '@rope/domain/hierarchy/views';
import { useTranslation } from 'react-i18next';
import { SettingsModal } from '../../../components/settings-modal';
import { RopeSettingsEditor } from './rope-settings-editor';

interface RopeSettingsDialogProps {
  rope: RopeView;
  opened: boolean;
  /** Archived ropes (or their parents) and users without AREA_PARTIAL_EDIT see, not edit. */
  readOnly: boolean;
  onClose: () => void;
  onDeleted: () => void;
}

export function RopeSettingsDialog({ rope, opened, readOnly, onClose, onDeleted }: RopeSettingsDialogProps) {
  const { t } = useTranslation();
  return (
    <SettingsModal
      opened={opened}
      onClose={onClose}
      title={readOnly ? t('ropes.settings.titleShow') : t('ropes.settings.title')}
      closeLabel={t('common.actions.close')}
    >
      <RopeSettingsEditor key={rope.id} rope={rope} readOnly={readOnly} onDone={onClose} onDeleted={onDeleted} />
    </SettingsModal>
  );
}
