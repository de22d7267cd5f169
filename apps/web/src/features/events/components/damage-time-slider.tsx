import { Button, Group, Slider, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';
import { dayAfter } from '../datetime';

interface DamageTimeSliderProps {
  /** The day of the rope's first event (ISO); the slider runs from it to today in one-day steps. */
  firstDay: string;
  days: number;
  /** Days after the first day; `days` (today) shows the chart as it stands. */
  value: number;
  onChange: (value: number) => void;
}

/** Replays the damage chart as it stood on a past day. */
export function DamageTimeSlider({ firstDay, days, value, onChange }: DamageTimeSliderProps) {
  const { t } = useTranslation();
  const fmt = useFormat({ timeZone: 'UTC' });
  const label = (step: number) => fmt.date(`${dayAfter(firstDay, step)}T12:00:00Z`);
  const today = value >= days;
  return (
    <div>
      <Group justify="space-between" mb={4}>
        <Text size="sm" aria-live="polite">
          {today ? t('charts.slider.today') : t('charts.slider.asOf', { date: label(value) })}
        </Text>
        {today ? null : (
          <Button size="compact-xs" variant="subtle" onClick={() => onChange(days)}>
            {t('charts.slider.reset')}
          </Button>
        )}
      </Group>
      <Slider
        min={0}
        max={days}
        step={1}
        value={Math.min(value, days)}
        onChange={onChange}
        label={label}
        thumbLabel={t('charts.slider.label')}
      />
      <Group justify="space-between" mt={4}>
        <Text size="xs" c="dimmed">
          {label(0)}
        </Text>
        <Text size="xs" c="dimmed">
          {t('charts.slider.todayMark')}
        </Text>
      </Group>
    </div>
  );
}
