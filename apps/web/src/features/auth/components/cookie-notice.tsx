import { Button, Group, Text, Title } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readCookieConsent, storeCookieConsent } from '../cookie-consent';
import classes from './cookie-notice.module.css';

/**
 * Shown over whatever screen the visit starts on (any route) until accepted; the date of acceptance is kept in local
 * storage. A native modal <dialog> (focus kept inside, the page behind inert): every first visit shows it, and
 * Mantine's Modal would bring its scroll lock, focus trap, transitions and ScrollArea into every first download.
 */
export function CookieNotice() {
  const { t } = useTranslation();
  const [accepted, setAccepted] = useState(() => readCookieConsent() !== null);
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    if (!accepted && dialog.current && !dialog.current.open) dialog.current.showModal();
  }, [accepted]);

  if (accepted) return null;
  const accept = () => {
    storeCookieConsent();
    setAccepted(true);
  };
  return (
    <dialog
      ref={dialog}
      className={classes.notice}
      aria-labelledby={titleId}
      // Escape does not dismiss it: only Continue does. Should the browser close it anyway, it opens again.
      onCancel={(event) => event.preventDefault()}
      onClose={() => {
        if (readCookieConsent() === null) dialog.current?.showModal();
      }}
    >
      <Title order={2} id={titleId} className={classes.title}>
        {t('auth.cookies.title')}
      </Title>
      <Text size="sm">{t('auth.cookies.text')}</Text>
      <Group justify="flex-end" mt="lg">
        {/* The dialog's one action takes the focus when it opens (showModal focuses `autofocus`). */}
        <Button onClick={accept} autoFocus>
          {t('common.actions.continue')}
        </Button>
      </Group>
    </dialog>
  );
}
