import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ScreenAlert } from '../../../components/screen-alert';
import { useCan, useSessionUser } from '../../../lib/session/session';

/** The sensor and smartrope screens are for admins; anyone else is told so under the screen's title. */
export function AdminOnly({
  permission,
  title,
  children,
}: {
  permission: 'SENSOR_MANAGE' | 'SMARTROPE_MANAGE';
  title: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const sessionUser = useSessionUser();
  const allowed = useCan(permission);
  if (sessionUser && !allowed) {
    return (
      <ScreenAlert title={title} color="yellow">
        {t('sensors.forbidden')}
      </ScreenAlert>
    );
  }
  return <>{children}</>;
}
