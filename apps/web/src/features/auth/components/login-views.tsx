import { Center, Loader } from '@mantine/core';
import type { ResetReason } from '@rope/domain/auth/rules';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkSent } from './link-sent';
import { LoginForm } from './login-form';
import { MailSent } from './mail-sent';

// It checks the address with the domain's schema (zod): it loads when asked for, not with the sign-in form.
const RequestMailForm = lazy(() =>
  import('./request-mail-form').then((module) => ({ default: module.RequestMailForm })),
);

export type LoginView =
  | { kind: 'login' }
  | { kind: 'request'; reason: ResetReason }
  | { kind: 'sent'; reason: ResetReason }
  | { kind: 'linkSent' };

interface LoginViewsProps {
  /** The view to open with; the sign-in form unless told. */
  initial?: LoginView;
  next: string;
  ssoFailed: boolean;
  linkFailed: boolean;
}

/** Sign in, forgot password, activate account and their "mail sent" answers, one at a time. */
export function LoginViews({ initial = { kind: 'login' }, next, ssoFailed, linkFailed }: LoginViewsProps) {
  const { t } = useTranslation();
  const [view, setView] = useState<LoginView>(initial);
  const back = () => setView({ kind: 'login' });

  if (view.kind === 'request') {
    return (
      <Suspense
        fallback={
          <Center py="xl">
            <Loader aria-label={t('app.loading')} />
          </Center>
        }
      >
        <RequestMailForm
          reason={view.reason}
          onSent={() => setView({ kind: 'sent', reason: view.reason })}
          onBack={back}
        />
      </Suspense>
    );
  }
  if (view.kind === 'sent') {
    return (
      <MailSent
        reason={view.reason}
        onTryAgain={() => setView({ kind: 'request', reason: view.reason })}
        onBack={back}
      />
    );
  }
  if (view.kind === 'linkSent') return <LinkSent onBack={back} />;
  return (
    <LoginForm
      next={next}
      ssoFailed={ssoFailed}
      linkFailed={linkFailed}
      onLinkSent={() => setView({ kind: 'linkSent' })}
      onForgotPassword={() => setView({ kind: 'request', reason: 'reset' })}
      onActivate={() => setView({ kind: 'request', reason: 'activate' })}
    />
  );
}
