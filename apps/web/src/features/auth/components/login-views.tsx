import type { ResetReason } from '@rope/domain/auth';
import { useState } from 'react';
import { LinkSent } from './link-sent';
import { LoginForm } from './login-form';
import { MailSent } from './mail-sent';
import { RequestMailForm } from './request-mail-form';

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
  const [view, setView] = useState<LoginView>(initial);
  const back = () => setView({ kind: 'login' });

  if (view.kind === 'request') {
    return (
      <RequestMailForm
        reason={view.reason}
        onSent={() => setView({ kind: 'sent', reason: view.reason })}
        onBack={back}
      />
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
