import { Paper, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** How far the report being made is; the page stays usable meanwhile, and Report.pdf downloads when done. */
export function ReportProgress({ progress }: { progress: number | null }) {
  const { t } = useTranslation();
  if (progress === null) return null;
  const percent = Math.round(progress * 100);
  return (
    <Paper withBorder p="sm" radius="md" role="status" data-testid="report-progress">
      <Stack gap={6}>
        <Text size="sm" fw={500}>
          {t('reports.progress.title')}: {t('reports.progress.percent', { percent })}
        </Text>
        <Progress value={percent} aria-label={t('reports.progress.label')} />
        <Text size="xs" c="dimmed">
          {t('reports.progress.hint')}
        </Text>
      </Stack>
    </Paper>
  );
}
