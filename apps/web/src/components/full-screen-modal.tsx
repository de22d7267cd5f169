import { Modal, type ModalProps } from '@mantine/core';

/** A full-screen Mantine Modal, its own chunk: screens load it with React.lazy when first opened (OpenedOnce). */
export function FullScreenModal(props: Omit<ModalProps, 'fullScreen'>) {
  return <Modal fullScreen {...props} />;
}
