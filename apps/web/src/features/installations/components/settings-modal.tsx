import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface SettingsModalProps {
  opened: boolean;
  title: string;
  onClose: () => void;
  /** Mounted only while open, so every opening starts from the stored settings. */
  children: ReactNode;
}

/** The frame of an installation or rope settings dialog: wide, full screen on a phone. */
export function SettingsModal({ opened, title, onClose, children }: SettingsModalProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size="xl"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('installations.settings.close') }}
    >
      {opened ? children : null}
    </Modal>
  );
}
