import { ActionIcon, Box, Burger, Group, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { SessionUser } from '@rope/domain/auth/session';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { confirmDelete } from '../../../components/confirm-delete';
import { DeferredTooltip } from '../../../components/deferred-tooltip';
import { LogoutIcon, SettingsIcon } from '../../../components/icons';
import { LanguageSwitch } from '../../../components/language-switch';
import { OpenedOnce } from '../../../components/opened-once';
import { Brand } from '../../../components/product-mark';
import { forgetUserOnDevice } from '../../../lib/device-store-access';
import { useOutbox } from '../../../lib/outbox-context';
import { logout } from '../../../lib/session/session';
import { SyncButton } from '../../field';
import { ShellSearch, ShellSearchButton } from '../../search';
import classes from './shell.module.css';

const UserSettingsDialog = lazy(() =>
  import('../settings/user-settings-dialog').then((module) => ({ default: module.UserSettingsDialog })),
);

interface ShellHeaderProps {
  user: SessionUser;
  navigationOpened: boolean;
  onToggleNavigation: () => void;
}

export function ShellHeader({ user, navigationOpened, onToggleNavigation }: ShellHeaderProps) {
  const { t } = useTranslation();
  const [settingsOpened, settings] = useDisclosure(false);
  const canSearch = user.permissions.includes('GLOBAL_SEARCH');
  const queryClient = useQueryClient();
  // A fresh page after signing out: nothing of the last session stays in memory.
  const signOut = useMutation({
    mutationFn: async () => {
      // What this device kept of the user goes first: whoever uses it next never sees it, even offline.
      await forgetUserOnDevice(user.id).catch(() => {});
      await logout();
    },
    onSettled: () => {
      queryClient.clear();
      window.location.replace('/login');
    },
  });

  // Entries not yet sent go with the rest of the device's data: asked first, never dropped unseen.
  const outbox = useOutbox();
  const confirmSignOut = () => {
    const count = outbox.entries.length;
    if (count === 0) return signOut.mutate();
    confirmDelete({
      title: t('field.outbox.signOutTitle'),
      message: t('field.outbox.signOutConfirm', { count }),
      confirmLabel: t('field.outbox.signOutAnyway'),
      cancelLabel: t('common.actions.cancel'),
      onConfirm: () => signOut.mutate(),
    });
  };

  return (
    <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap" className={classes.header}>
      <Group gap="header-gap" wrap="nowrap">
        <Burger
          opened={navigationOpened}
          onClick={onToggleNavigation}
          hiddenFrom="sm"
          size="sm"
          aria-label={navigationOpened ? t('shell.header.closeNavigation') : t('shell.header.openNavigation')}
        />
        <UnstyledButton component={Link} to="/" aria-label={t('shell.home')}>
          <Brand compact />
        </UnstyledButton>
      </Group>
      <Group gap="header-gap" wrap="nowrap">
        {canSearch ? (
          <>
            <Box visibleFrom="sm">
              <ShellSearch />
            </Box>
            <Box hiddenFrom="sm">
              <ShellSearchButton />
            </Box>
          </>
        ) : null}
        <SyncButton />
        <LanguageSwitch />
        <Text size="sm" c="dimmed" visibleFrom="md" truncate maw={220}>
          {user.name}
        </Text>
        <DeferredTooltip label={t('settings.title')}>
          <ActionIcon variant="subtle" size="lg" aria-label={t('settings.title')} onClick={settings.open}>
            <SettingsIcon />
          </ActionIcon>
        </DeferredTooltip>
        <DeferredTooltip label={t('shell.header.logout')}>
          <ActionIcon
            variant="subtle"
            size="lg"
            aria-label={t('shell.header.logout')}
            onClick={confirmSignOut}
            loading={signOut.isPending}
          >
            <LogoutIcon />
          </ActionIcon>
        </DeferredTooltip>
      </Group>
      <OpenedOnce open={settingsOpened}>
        <UserSettingsDialog user={user} opened={settingsOpened} onClose={settings.close} />
      </OpenedOnce>
    </Group>
  );
}
