import { useSearchParams } from 'react-router';
import { AppLoader } from '../../../components/app-loader';
import { Redirect } from '../../../components/redirect';
import { useSession } from '../../../lib/session/session';
import { LoginLayout } from '../components/login-layout';
import { LoginViews } from '../components/login-views';
import { TwoFactorForm } from '../components/two-factor-form';
import { safeNextPath } from '../next-path';

/** /login: the sign-in views, or the code view while a second factor is pending; signed in, it sends on. */
export function LoginPage() {
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  const session = useSession();

  if (session.isPending) return <AppLoader />;
  if (session.data?.user) return <Redirect to={next} />;
  return (
    <LoginLayout>
      {session.data?.twoFactorComplete === false ? (
        <TwoFactorForm method={session.data.twoFactorMethod} />
      ) : (
        <LoginViews
          next={next}
          ssoFailed={params.get('sso') === 'failed'}
          linkFailed={params.get('link') === 'failed'}
        />
      )}
    </LoginLayout>
  );
}
