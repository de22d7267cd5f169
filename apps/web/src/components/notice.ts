import { notifications } from '@mantine/notifications';
import type { TFunction } from 'i18next';

/** A short notice in the corner, its close button named (Mantine's has no name of its own). */
export function showNotice(t: TFunction, color: 'green' | 'red' | 'yellow', message: string): void {
  notifications.show({ color, message, closeButtonProps: { 'aria-label': t('common.actions.close') } });
}
