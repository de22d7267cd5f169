import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ScreenAlert } from '../../../components/screen-alert';
import { useCan, useSessionUser } from '../../../lib/session/session';

/** Webhook endpoints are for who may manage them (admins, client admins); anyone else is told so under the title. */
export function WebhooksOnly({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const sessionUser = useSessionUser();
  const allowed = useCan('WEBHOOK_MANAGE');
  if (sessionUser && !allowed) {
    return (
      <ScreenAlert title={t('webhooks.title')} color="yellow">
        {t('webhooks.forbidden')}
      </ScreenAlert>
    );
  }
  return <>{children}</>;
}
