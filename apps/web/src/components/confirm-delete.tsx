import { Text } from '@mantine/core';
import { openConfirmModal } from './confirm-modal';

export interface ConfirmDeleteOptions {
  title: string;
  /** The question, e.g. "Really delete the user?". */
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  /** Runs on confirm; the dialog closes at once, so show the outcome where the item was. */
  onConfirm: () => void;
}

/** The one delete confirmation of the app (shown by ConfirmModalHost). */
export function confirmDelete({ title, message, confirmLabel, cancelLabel, onConfirm }: ConfirmDeleteOptions): void {
  openConfirmModal({
    title,
    centered: true,
    // The X does what Cancel does, and says so to screen readers.
    closeButtonProps: { 'aria-label': cancelLabel },
    children: <Text size="sm">{message}</Text>,
    labels: { confirm: confirmLabel, cancel: cancelLabel },
    confirmProps: { color: 'red', 'data-autofocus': true },
    onConfirm,
  });
}
