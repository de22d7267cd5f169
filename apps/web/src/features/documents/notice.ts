import { notifications } from '@mantine/notifications';
import type { TFunction } from 'i18next';

/** A notification whose close button says what it does (Mantine's has no name of its own). */
export function showNotice(t: TFunction, color: 'green' | 'red' | 'yellow', message: string): void {
  notifications.show({ color, message, closeButtonProps: { 'aria-label': t('documents.notice.close') } });
}
