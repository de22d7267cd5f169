import { MantineThemeProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

// Mantine's container (portal, transitions, positions) loads with the first notification, not with every first
// screen: notifications.show() only fills the store, which the container shows from once it is there.
const loadContainer = () => import('@mantine/notifications');
const Notifications = lazy(() => loadContainer().then((module) => ({ default: module.Notifications })));

/** Loads the container ahead of the first notification: a page about to lose its signal (features/field) needs it. */
export function preloadNotifications(): Promise<unknown> {
  return loadContainer();
}

export function NotificationsHost() {
  const { t } = useTranslation();
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  // Mantine's close button has no name of its own: every notice gets one here, in the reader's language,
  // whichever call showed it.
  const named = useMemo(
    () => ({
      components: {
        Notification: { defaultProps: { closeButtonProps: { 'aria-label': t('common.actions.close') } } },
      },
    }),
    [t],
  );
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <MantineThemeProvider theme={named}>
      <Suspense fallback={null}>
        <Notifications />
      </Suspense>
    </MantineThemeProvider>
  );
}
