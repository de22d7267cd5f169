import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';

interface SettingsModalProps {
  opened: boolean;
  title: string;
  /** The label of the close button, for screen readers. */
  closeLabel: string;
  onClose: () => void;
  /** Mounted only while open, so every opening starts from the stored settings. */
  children: ReactNode;
}

/** The frame of a settings dialog (installation, rope, notifications): wide, full screen on a phone. */
export function SettingsModal({ opened, title, closeLabel, onClose, children }: SettingsModalProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size="xl"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': closeLabel }}
    >
      {opened ? children : null}
    </Modal>
  );
}
