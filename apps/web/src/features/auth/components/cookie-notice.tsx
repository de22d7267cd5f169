import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readCookieConsent, storeCookieConsent } from '../cookie-consent';

const noop = () => {};

/** Shown over whatever screen the visit starts on (any route) until accepted; the date of acceptance is kept in local storage. */
export function CookieNotice() {
  const { t } = useTranslation();
  const [accepted, setAccepted] = useState(() => readCookieConsent() !== null);
  const accept = () => {
    storeCookieConsent();
    setAccepted(true);
  };
  return (
    <Modal
      opened={!accepted}
      onClose={noop}
      title={t('auth.cookies.title')}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
    >
      <Text size="sm">{t('auth.cookies.text')}</Text>
      <Group justify="flex-end" mt="lg">
        <Button onClick={accept} data-autofocus>
          {t('common.actions.continue')}
        </Button>
      </Group>
    </Modal>
  );
}
