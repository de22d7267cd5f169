import { ActionIcon, Button } from '@mantine/core';
import type { InstallationView, RopeView } from '@rope/domain/hierarchy/views';
import { notificationStatusColour } from '@rope/domain/notifications/status';
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeferredTooltip } from '../../../components/deferred-tooltip';
import { OpenedOnce } from '../../../components/opened-once';
import { useCan } from '../../../lib/session/session';
import { STATUS_MANTINE_COLOUR } from '../status-colour';
import { BellIcon } from './bell-icon';

// The dialog validates with the domain's rules (zod): it loads when first opened, not with the rope page.
const NotificationStatusDialog = lazy(() =>
  import('./notification-status-dialog').then((module) => ({ default: module.NotificationStatusDialog })),
);

/**
 * "Notification status": default, yellow when some rules are muted, red when all are. With a rope (the rope
 * page) it shows and sets that rope's own status against the installation's rules.
 */
export function NotificationStatusButton({ installation, rope }: { installation: InstallationView; rope?: RopeView }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const readOnly = !useCan('DOMAIN_WRITE') || installation.isDeleted || Boolean(rope?.isDeleted);
  const status = rope ? rope.notificationStatus : installation.notificationStatus;
  const colour = notificationStatusColour(installation.notificationSettings, status);
  return (
    <>
      <DeferredTooltip label={t(`notifications.status.colours.${colour}`)}>
        <Button
          variant={colour === 'default' ? 'default' : 'light'}
          color={colour === 'default' ? undefined : STATUS_MANTINE_COLOUR[colour]}
          leftSection={<BellIcon />}
          onClick={() => setOpened(true)}
          data-status-colour={colour}
        >
          {t('notifications.status.title')}
        </Button>
      </DeferredTooltip>
      <OpenedOnce open={opened}>
        <NotificationStatusDialog
          opened={opened}
          onClose={() => setOpened(false)}
          title={rope ? t('notifications.status.ropeTitle', { name: rope.name }) : t('notifications.status.title')}
          installationId={installation.id}
          ropeId={rope?.id}
          settings={installation.notificationSettings}
          status={status}
          readOnly={readOnly}
        />
      </OpenedOnce>
    </>
  );
}

/** The bell in a rope's row: coloured from the rope's status against the installation's rules. */
export function RopeNotificationIcon({
  installation,
  rope,
  onOpen,
}: {
  installation: InstallationView;
  rope: RopeView;
  onOpen: (rope: RopeView) => void;
}) {
  const { t } = useTranslation();
  const colour = notificationStatusColour(installation.notificationSettings, rope.notificationStatus);
  const label = t('notifications.status.ropeTitle', { name: rope.name });
  return (
    <DeferredTooltip label={`${label}: ${t(`notifications.status.colours.${colour}`)}`}>
      <ActionIcon
        variant="subtle"
        color={STATUS_MANTINE_COLOUR[colour]}
        aria-label={label}
        data-status-colour={colour}
        onClick={(event) => {
          // The row behind opens the rope on click; the bell does not.
          event.stopPropagation();
          onOpen(rope);
        }}
        onDoubleClick={(event) => event.stopPropagation()}
      >
        <BellIcon />
      </ActionIcon>
    </DeferredTooltip>
  );
}

/** The status dialog of one rope, opened from its bell (rendered outside the rows, so clicks stay in it). */
export function RopeNotificationDialog({
  installation,
  rope,
  onClose,
}: {
  installation: InstallationView;
  rope: RopeView | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const canWrite = useCan('DOMAIN_WRITE');
  return (
    <OpenedOnce open={rope !== null}>
      <NotificationStatusDialog
        opened={rope !== null}
        onClose={onClose}
        title={t('notifications.status.ropeTitle', { name: rope?.name ?? '' })}
        installationId={installation.id}
        ropeId={rope?.id}
        settings={installation.notificationSettings}
        status={rope?.notificationStatus ?? []}
        readOnly={!canWrite || installation.isDeleted || Boolean(rope?.isDeleted)}
      />
    </OpenedOnce>
  );
}
