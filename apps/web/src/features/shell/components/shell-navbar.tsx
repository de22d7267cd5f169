import { Box, NavLink } from '@mantine/core';
import type { SessionUser } from '@rope/domain/auth/session';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { visibleNavItems } from '../nav-items';

interface ShellNavbarProps {
  user: SessionUser;
  /** Closes the navigation on small screens once an item is chosen. */
  onNavigate: () => void;
}

function isActive(pathname: string, path: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`);
}

/** The menu inside AppShell.Navbar, which is the labelled <nav>. */
export function ShellNavbar({ user, onNavigate }: ShellNavbarProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    // A plain scrolling box: Mantine's ScrollArea would be the only reason its code is in every first download.
    <Box p="xs" style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
      {visibleNavItems(user).map((item) => (
        <NavLink
          key={item.key}
          component={Link}
          to={item.path}
          label={t(`shell.nav.${item.key}`)}
          active={isActive(pathname, item.path)}
          aria-current={isActive(pathname, item.path) ? 'page' : undefined}
          onClick={onNavigate}
        />
      ))}
    </Box>
  );
}
