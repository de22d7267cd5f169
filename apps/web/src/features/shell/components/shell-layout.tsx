import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { SessionUser } from '@rope/domain/auth/session';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useSession } from '../../../lib/session/session';
import { useUserLanguage } from '../../../lib/session/use-user-language';
import { FieldProvider, OfflineBanner } from '../../field';
import { readSidebarWidth, storeSidebarWidth } from '../sidebar-width';
import classes from './shell.module.css';
import { ShellFooter } from './shell-footer';
import { ShellHeader } from './shell-header';
import { ShellNavbar } from './shell-navbar';
import { SidebarResizeHandle } from './sidebar-resize-handle';

const HEADER_HEIGHT = 56;
const FOOTER_HEIGHT = 44;

/** The signed-in frame: header, resizable navigation, the screen, and for free users the footer. */
export function ShellLayout() {
  // RequireSession renders the shell only with a signed-in user.
  const session = useSession().data;
  return session?.user ? (
    <FieldProvider session={session}>
      <ShellFrame user={session.user} />
    </FieldProvider>
  ) : null;
}

function ShellFrame({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  useUserLanguage(user);
  const [navigationOpened, navigation] = useDisclosure(false);
  const [width, setWidth] = useState(readSidebarWidth);

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={{ width, breakpoint: 'sm', collapsed: { mobile: !navigationOpened } }}
      footer={user.isFreeUser ? { height: FOOTER_HEIGHT } : undefined}
      padding="md"
    >
      <AppShell.Header>
        <ShellHeader user={user} navigationOpened={navigationOpened} onToggleNavigation={navigation.toggle} />
      </AppShell.Header>
      <AppShell.Navbar aria-label={t('shell.nav.label')}>
        <ShellNavbar user={user} onNavigate={navigation.close} />
        <SidebarResizeHandle width={width} onResize={setWidth} onResizeEnd={storeSidebarWidth} />
      </AppShell.Navbar>
      <AppShell.Main className={classes.main}>
        <OfflineBanner />
        <Outlet />
      </AppShell.Main>
      {user.isFreeUser ? (
        <AppShell.Footer>
          <ShellFooter />
        </AppShell.Footer>
      ) : null}
    </AppShell>
  );
}
