import { Text } from '@mantine/core';
import { datumPosition, type RopeEventInput } from '@rope/domain/ropes/effective-events';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';

/**
 * An event's position as every events table shows it: 'Global' for the whole rope, else the datum position (the
 * chart's and the zoom's), with what the device read below it where the rope's positionOffset moves it.
 */
export function EventPosition({ event, positionOffset }: { event: RopeEventInput; positionOffset: number }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const recorded = event.position;
  if (recorded === null) {
    return (
      <Text size="sm" c="dimmed">
        {t('events.table.global')}
      </Text>
    );
  }
  const datum = datumPosition(event, positionOffset) ?? recorded;
  if (datum === recorded) return fmt.position(recorded);
  return (
    <>
      {fmt.position(datum)}
      <Text size="xs" c="dimmed">
        {t('events.table.devicePosition', { position: fmt.position(recorded) })}
      </Text>
    </>
  );
}
