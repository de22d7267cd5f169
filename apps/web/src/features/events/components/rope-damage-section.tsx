import { Card, Divider, Stack } from '@mantine/core';
import { useDebouncedValue, useDisclosure, useViewportSize } from '@mantine/hooks';
import type { RopeView } from '@rope/domain/hierarchy/views';
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NearViewport } from '../../../components/near-viewport';
import { OpenedOnce } from '../../../components/opened-once';
import { useFirstEventDate } from '../api';
import { dayAfter, daysBetween } from '../datetime';
import { DamageChartPanel, type DamageDay } from './damage-chart-panel';

// Below the damage chart: it loads when the page is scrolled near it (NearViewport).
const FullScreenModal = lazy(() =>
  import('../../../components/full-screen-modal').then((module) => ({ default: module.FullScreenModal })),
);
const LossChartPanel = lazy(() => import('./loss-chart-panel').then((module) => ({ default: module.LossChartPanel })));

const SLIDER_DELAY_MS = 250;
const CHART_HEIGHT = 300;
const LOSS_CHART_HEIGHT = 260;
/** The loss chart's title row and legend. */
const LOSS_CHART_CHROME = 80;
/** Room the full-screen view keeps for its title, controls and slider. */
const FULL_SCREEN_CHROME = 300;

/** The rope page's damage charts with forecast and the full-screen damage view. */
export function RopeDamageSection({ rope }: { rope: RopeView }) {
  const { t } = useTranslation();
  const firstEvent = useFirstEventDate(rope.id);
  const [fullScreen, { open, close }] = useDisclosure(false);
  const { height: viewportHeight } = useViewportSize();
  const [step, setStep] = useState<number | null>(null);
  const firstDay = firstEvent.data ?? null;
  const [today] = useState(() => new Date().toISOString());
  const days = firstDay ? daysBetween(firstDay, today) : 0;
  const value = step ?? days;
  const [settled] = useDebouncedValue(value, SLIDER_DELAY_MS);
  const day: DamageDay | null = firstDay
    ? {
        firstDay,
        days,
        value,
        onChange: (next) => setStep(next >= days ? null : next),
        dateFilter: step === null || settled >= days ? null : dayAfter(firstDay, settled),
      }
    : null;

  return (
    <Card withBorder padding="md" radius="md">
      <Stack gap="md">
        <DamageChartPanel rope={rope} height={CHART_HEIGHT} day={day} onFullScreen={open} />
        <Divider />
        <NearViewport title={t('charts.loss.title')} order={3} minHeight={LOSS_CHART_HEIGHT + LOSS_CHART_CHROME}>
          <LossChartPanel ropeId={rope.id} height={LOSS_CHART_HEIGHT} />
        </NearViewport>
      </Stack>
      <OpenedOnce open={fullScreen}>
        <FullScreenModal
          opened={fullScreen}
          onClose={close}
          title={t('charts.damage.fullScreenTitle', { rope: rope.name })}
          closeButtonProps={{ 'aria-label': t('common.actions.close') }}
        >
          {fullScreen ? (
            <DamageChartPanel
              rope={rope}
              height={Math.max(CHART_HEIGHT, viewportHeight - FULL_SCREEN_CHROME)}
              day={day}
            />
          ) : null}
        </FullScreenModal>
      </OpenedOnce>
    </Card>
  );
}
