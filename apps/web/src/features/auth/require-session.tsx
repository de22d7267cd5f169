import { Button, Center, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { AppLoader } from '../../components/app-loader';
import { Redirect } from '../../components/redirect';
import { useSession } from '../../lib/session/session';
import { loginPathFor } from './next-path';

/** Everything inside needs a complete sign-in; otherwise the login screen, which brings the user back here. */
export function RequireSession() {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();

  if (session.isPending) return <AppLoader />;
  if (session.isError && session.data === undefined) {
    return (
      <Center mih="100vh" p="md">
        <Stack align="center" gap="sm" role="alert">
          <Text>{t('auth.session.error')}</Text>
          <Button onClick={() => void session.refetch()} loading={session.isFetching}>
            {t('common.actions.tryAgain')}
          </Button>
        </Stack>
      </Center>
    );
  }
  if (!session.data?.user) {
    return <Redirect to={loginPathFor(location.pathname + location.search + location.hash)} />;
  }
  return <Outlet />;
}
