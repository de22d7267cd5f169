import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../lib/session/session';
import { useSheetUrl } from '../../../lib/sheet-query';

/**
 * Downloads the tasks as the table lists them (open ones, or all with the finished) as CSV for the session's Excel;
 * for the roles the spec gives the CSV export.
 */
export function ExportTasksButton({ path, showFinished }: { path: string; showFinished: boolean }) {
  const { t } = useTranslation();
  const sheet = useSheetUrl();
  const allowed = useCan('CHART_CONTROLS');
  if (!allowed) return null;
  return (
    <Button
      component="a"
      variant="default"
      href={`/api${sheet.url(path, { status: showFinished ? 'all' : 'open' })}`}
      download
    >
      {t('common.actions.exportCsv')}
    </Button>
  );
}
