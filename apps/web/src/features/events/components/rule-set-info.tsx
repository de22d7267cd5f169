import { Button, Popover, Stack, Text } from '@mantine/core';
import type { DamageChartAnswer } from '@rope/domain/rope/damage-chart-answer';
import { useTranslation } from 'react-i18next';

/** Which rule set produced the limits: name and edition, and on a click the row and where it comes from. */
export function RuleSetInfo({ ruleSet }: { ruleSet: DamageChartAnswer['ruleSet'] }) {
  const { t } = useTranslation();
  const text = t('charts.ruleSet.button', { name: ruleSet.name, edition: ruleSet.edition });
  return (
    <Popover width={360} position="bottom-end" withArrow shadow="md">
      <Popover.Target>
        {/* The accessible name starts with the visible text, so voice control finds the button by what it shows. */}
        <Button size="compact-sm" variant="subtle" aria-label={`${text} (${t('charts.ruleSet.open')})`}>
          {text}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={6}>
          <Text size="sm" fw={600}>
            {t('charts.ruleSet.title', { name: ruleSet.name, edition: ruleSet.edition })}
          </Text>
          <Text size="sm">{t('charts.ruleSet.row', { row: ruleSet.row.label })}</Text>
          <Text size="sm">
            {t(ruleSet.row.metric === 'lossPct' ? 'charts.ruleSet.metricPercent' : 'charts.ruleSet.metricWires')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('charts.ruleSet.source', { source: ruleSet.row.source })}
          </Text>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
