import { isAlphanumericToken } from '@rope/domain/auth';
import { useNavigate, useParams } from 'react-router';
import { LoginLayout } from '../components/login-layout';
import { ResetPasswordForm } from '../components/reset-password-form';
import { LoginPage } from './login-page';

/** /login/reset/:token: a token that is not alphanumeric is ignored and the normal login shows. */
export function ResetPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  if (!isAlphanumericToken(token)) return <LoginPage />;
  return (
    <LoginLayout>
      <ResetPasswordForm token={token} onDone={() => void navigate('/login', { replace: true })} />
    </LoginLayout>
  );
}

export { ResetPage as Component };
