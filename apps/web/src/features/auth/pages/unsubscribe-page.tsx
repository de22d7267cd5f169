import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { AppLoader } from '../../../components/app-loader';
import { answerText, failureText } from '../../../lib/failure-text';
import { retryTransient } from '../../../lib/query-client';
import { unsubscribe } from '../api';
import { LoginLayout } from '../components/login-layout';
import { checkUnsubscribeLink } from '../link-api';

/**
 * /notification/unsubscribe/:unsubscribeEmail?token=...: checks the link first, then asks before it unsubscribes,
 * since mail scanners open the links of a mail on their own.
 */
export function UnsubscribePage() {
  const { t } = useTranslation();
  const { unsubscribeEmail = '' } = useParams();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const mutation = useMutation({ mutationFn: () => unsubscribe(unsubscribeEmail, token) });
  // A link without its token, or cut or changed, says so at once instead of offering a button that then fails.
  const check = useQuery({
    queryKey: ['unsubscribe-link', unsubscribeEmail, token],
    queryFn: () => checkUnsubscribeLink(unsubscribeEmail, token),
    staleTime: 0,
    gcTime: 0,
    retry: retryTransient(1),
  });
  if (check.isPending) return <AppLoader />;

  return (
    <LoginLayout>
      <Stack gap="md">
        <Title order={1}>{t('auth.unsubscribe.title')}</Title>
        {check.data === false ? (
          <Alert color="orange" role="alert" title={t('auth.invalidLink.unsubscribeTitle')}>
            {t('auth.invalidLink.unsubscribeText')}
          </Alert>
        ) : mutation.isSuccess ? (
          <Alert color="green" role="status">
            {mutation.data ? answerText(t, mutation.data) : t('auth.messages.unsubscribed')}
          </Alert>
        ) : (
          <>
            <Text>{t('auth.unsubscribe.text', { email: unsubscribeEmail })}</Text>
            {mutation.isError ? (
              <Alert color="red" role="alert">
                {failureText(t, mutation.error, t('auth.unsubscribe.failed'))}
              </Alert>
            ) : null}
            <Button fullWidth onClick={() => mutation.mutate()} loading={mutation.isPending}>
              {t('auth.unsubscribe.submit')}
            </Button>
          </>
        )}
        <Anchor component={Link} to="/login" size="sm" ta="center">
          {t('auth.backToLogin')}
        </Anchor>
      </Stack>
    </LoginLayout>
  );
}
