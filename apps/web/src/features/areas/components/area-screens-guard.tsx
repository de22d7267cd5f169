import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { ScreenAlert } from '../../../components/screen-alert';
import { useCan, useSessionUser } from '../../../lib/session/session';

/** The areas and everything below them are for people with the areas screen; anyone else is told so. */
export function AreaScreensGuard() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const allowed = useCan('AREA_PAGE');
  if (user && !allowed) {
    return (
      <ScreenAlert title={t('areas.title')} color="yellow">
        {t('areas.forbidden')}
      </ScreenAlert>
    );
  }
  return <Outlet />;
}
