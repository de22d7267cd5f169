import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ScreenAlert } from '../../../components/screen-alert';
import { useCan, useSessionUser } from '../../../lib/session/session';
import type { AdminKind } from '../admin-kind';

/** The sensor and smartrope screens are for admins; anyone else is told so under the screen's title. */
export function AdminOnly({ kind, children }: { kind: AdminKind; children: ReactNode }) {
  const { t } = useTranslation();
  const sessionUser = useSessionUser();
  const allowed = useCan(kind.permission);
  if (sessionUser && !allowed) {
    return (
      <ScreenAlert title={t(`${kind.texts}.title`)} color="yellow">
        {t('sensors.forbidden')}
      </ScreenAlert>
    );
  }
  return <>{children}</>;
}
