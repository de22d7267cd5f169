import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../field-state';

/** Without a network the screens show what this device kept; said once, above every screen. */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  if (online) return null;
  return (
    <Alert color="yellow" variant="light" mb="md" role="status" title={t('field.offline.title')}>
      {t('field.offline.text')}
    </Alert>
  );
}
