import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadBlob } from '../../../lib/download';
import { failureText } from '../../../lib/failure-text';
import { useCan } from '../../../lib/session/session';
import { browserTimeZone, useSheetUrl } from '../../../lib/sheet-query';
import { fetchRopeEvents } from '../api';
import { eventsCsv } from '../events-csv';
import type { RopeEventsQuery } from '../types';

interface ExportEventsButtonProps {
  ropeId: number;
  positionOffset: number | undefined;
  /** The table's filters; every page of them goes into the file. */
  query: Omit<RopeEventsQuery, 'page' | 'pageSize'>;
}

/** The events as the table filters them, every page, as CSV for the session's Excel; for the spec's CSV export roles. */
export function ExportEventsButton({ ropeId, positionOffset, query }: ExportEventsButtonProps) {
  const { t } = useTranslation();
  const sheet = useSheetUrl();
  const allowed = useCan('CHART_CONTROLS');
  const [busy, setBusy] = useState(false);
  if (!allowed) return null;
  const download = async () => {
    setBusy(true);
    try {
      const list = await fetchRopeEvents(ropeId, { ...query, page: 1, pageSize: 0 });
      const csv = eventsCsv(list.ropeEvents, positionOffset ?? 0, t, {
        language: sheet.language,
        timeZone: browserTimeZone(),
      });
      downloadBlob(`events-${ropeId}.csv`, new Blob([csv], { type: 'text/csv;charset=utf-8' }));
    } catch (error) {
      notifications.show({ color: 'red', message: failureText(t, error, t('events.table.loadError')) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="default" loading={busy} onClick={() => void download()}>
      {t('common.actions.exportCsv')}
    </Button>
  );
}
