import { Button, FileButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ParsedInspection } from '@rope/domain/events/views';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  INSPECTION_ACCEPT,
  INSPECTION_MAX_BYTES,
  inspectionRefusalText,
  isInspectionFile,
  parseInspectionXml,
} from '../import-xml';

/** Picks an inspection XML file and has the server read it; the result opens in the event dialog for review. */
export function ImportInspectionButton({ onParsed }: { onParsed: (parsed: ParsedInspection) => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const refuse = (message: string) =>
    notifications.show({ color: 'red', title: t('events.import.failed'), message, autoClose: 10_000 });

  const read = async (file: File | null) => {
    if (!file) return;
    if (!isInspectionFile(file)) return refuse(t('events.import.notXml'));
    if (file.size > INSPECTION_MAX_BYTES) return refuse(t('events.import.tooLarge'));
    setBusy(true);
    try {
      onParsed(await parseInspectionXml(await file.text()));
    } catch (error) {
      // A bad file answers 4xx naming the problem (line and column, or the field), shown in the user's language.
      refuse(inspectionRefusalText(t, error, t('events.import.tryLater')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <FileButton onChange={(file) => void read(file)} accept={INSPECTION_ACCEPT}>
      {(props) => (
        <Button variant="default" loading={busy} {...props}>
          {t('events.toolbar.import')}
        </Button>
      )}
    </FileButton>
  );
}
