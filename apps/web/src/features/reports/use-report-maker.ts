import { notifications } from '@mantine/notifications';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportRequest } from './make-report';

/** One report at a time: its progress (0..1) while it is made, null otherwise. */
export function useReportMaker() {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<number | null>(null);
  const busy = useRef(false);
  const make = useCallback(
    async (request: ReportRequest) => {
      if (busy.current) return;
      busy.current = true;
      setProgress(0);
      try {
        const { makeReport } = await import('./make-report');
        await makeReport(request, setProgress);
      } catch {
        notifications.show({ color: 'red', message: t('reports.failed') });
      } finally {
        busy.current = false;
        setProgress(null);
      }
    },
    [t],
  );
  return { make, progress };
}
