import { isAlphanumericToken } from '@rope/domain/auth/rules';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { AppLoader } from '../../../components/app-loader';
import { retryTransient } from '../../../lib/query-client';
import { InvalidResetLink } from '../components/invalid-link';
import { LoginLayout } from '../components/login-layout';
import { ResetPasswordForm } from '../components/reset-password-form';
import { checkResetLink } from '../link-api';
import { LoginPage } from './login-page';

/**
 * /login/reset/:token: a token that is not alphanumeric is ignored and the normal login shows. A
 * well-formed one is checked first, so an unknown, used or expired link says at once that it no longer works and
 * offers a new mail, instead of a form that fails on submit.
 */
export function ResetPage() {
  const { token = '' } = useParams();
  const wellFormed = isAlphanumericToken(token);
  const navigate = useNavigate();
  const check = useQuery({
    queryKey: ['reset-link', token],
    queryFn: () => checkResetLink(token),
    enabled: wellFormed,
    staleTime: 0,
    gcTime: 0,
    retry: retryTransient(1),
  });
  if (!wellFormed) return <LoginPage />;
  if (check.isPending) return <AppLoader />;
  return (
    <LoginLayout>
      {/* Without an answer (server away) the form stays usable; its submit reports the trouble. */}
      {check.data === false ? (
        <InvalidResetLink />
      ) : (
        <ResetPasswordForm token={token} onDone={() => void navigate('/login', { replace: true })} />
      )}
    </LoginLayout>
  );
}
