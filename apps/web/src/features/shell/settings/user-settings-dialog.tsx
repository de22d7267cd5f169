import { Modal } from '@mantine/core';
import type { SessionUser } from '@rope/domain/auth/session';
import { useTranslation } from 'react-i18next';
import { TwoFactorSettings } from './two-factor-settings';

interface UserSettingsDialogProps {
  user: SessionUser;
  opened: boolean;
  onClose: () => void;
}

export function UserSettingsDialog({ user, opened, onClose }: UserSettingsDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': t('common.actions.close') }}
      title={t('settings.title')}
      size="lg"
    >
      {/* Mounted only while open: each opening starts from the saved state and a new secret. */}
      {opened ? <TwoFactorSettings user={user} onDone={onClose} /> : null}
    </Modal>
  );
}
