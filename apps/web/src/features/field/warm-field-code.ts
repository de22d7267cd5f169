import { preloadNotifications } from '../../components/notifications-host';
import { FIELD_CODE_WARM } from './field-code-mark';

/**
 * The code an inspector needs on a rope's page without a signal, loaded once the page is drawn and the field cache
 * has started. The service worker keeps every file for the next visit, but a page it does not control yet (the first
 * visit, before any reload) still loads its lazy sections and dialogs from the network: without this, "Add damage"
 * did nothing once the signal was gone.
 */
export function warmFieldCode(): Promise<unknown> {
  const warmed = Promise.allSettled([
    preloadNotifications(),
    import('../events/components/rope-events-section'),
    import('../events/components/event-dialog'),
    // An event's photos, the device's kept copies among them, open from the event's dialog.
    import('../documents/components/event-documents-dialog'),
    import('../tasks/components/rope-tasks-section'),
    import('../tasks/components/task-dialog'),
    import('../tasks/components/task-notes-dialog'),
    import('./components/photo-picker'),
    import('./components/sync-panel'),
    // The questions asked in the field (signing out with entries waiting, discarding a refused one) are Mantine's
    // confirmation modals, loaded with the first (components/confirm-modal.tsx).
    import('@mantine/modals'),
    // The queue's own code, which loads only once something waits: the first entry is made without a signal.
    import('./outbox-work'),
  ]);
  return warmed.then((results) => {
    performance.mark(FIELD_CODE_WARM);
    return results;
  });
}
