import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface ReportButtonsProps {
  onReport: (kind: 'allDamages' | 'allRepairs') => void;
  busy: boolean;
}

/** The events toolbar's reports of all damages and all repairs (hidden in live sessions by the caller). */
export function ReportButtons({ onReport, busy }: ReportButtonsProps) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="wrap">
      <Button variant="default" disabled={busy} onClick={() => onReport('allDamages')}>
        {t('reports.toolbar.allDamages')}
      </Button>
      <Button variant="default" disabled={busy} onClick={() => onReport('allRepairs')}>
        {t('reports.toolbar.allRepairs')}
      </Button>
    </Group>
  );
}
