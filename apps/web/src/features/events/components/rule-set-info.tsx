import { Button, Stack, Text } from '@mantine/core';
import type { DamageChartAnswer } from '@rope/domain/ropes/damage-chart-answer';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeferredPopover, popoverTargetProps } from '../../../components/deferred-popover';
import { ruleSetText } from '../rule-set-text';

/** Which rule set produced the limits: name and edition, and on a click the row and where it comes from. */
export function RuleSetInfo({ standard, ruleSet }: { standard: string; ruleSet: DamageChartAnswer['ruleSet'] }) {
  const { t } = useTranslation();
  const id = useId();
  const [button, setButton] = useState<HTMLButtonElement | null>(null);
  const [opened, setOpened] = useState(false);
  const [clicked, setClicked] = useState(false);
  const texts = ruleSetText(t, standard, ruleSet);
  const text = t('charts.ruleSet.button', { name: texts.name, edition: ruleSet.edition });
  return (
    <>
      {/* The accessible name starts with the visible text, so voice control finds the button by what it shows. */}
      <Button
        ref={setButton}
        size="compact-sm"
        variant="subtle"
        aria-label={`${text} (${t('charts.ruleSet.open')})`}
        {...popoverTargetProps(id, opened)}
        onClick={() => {
          setClicked(true);
          setOpened((open) => !open);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpened(false);
        }}
      >
        {text}
      </Button>
      <DeferredPopover
        id={id}
        target={button}
        load={clicked}
        opened={opened}
        onChange={setOpened}
        width={360}
        position="bottom-end"
        withArrow
        shadow="md"
      >
        <Stack gap={6}>
          <Text size="sm" fw={600}>
            {t('charts.ruleSet.title', { name: texts.name, edition: ruleSet.edition })}
          </Text>
          <Text size="sm">{t('charts.ruleSet.row', { row: texts.row })}</Text>
          <Text size="sm">
            {t(ruleSet.row.metric === 'lossPct' ? 'charts.ruleSet.metricPercent' : 'charts.ruleSet.metricWires')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('charts.ruleSet.source', { source: texts.source })}
          </Text>
        </Stack>
      </DeferredPopover>
    </>
  );
}
