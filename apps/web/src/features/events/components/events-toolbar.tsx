import { Button, Group } from '@mantine/core';
import type { RecordingType } from '@rope/domain/events/kinds';
import type { ParsedInspection } from '@rope/domain/events/views';
import { useTranslation } from 'react-i18next';
import { ImportInspectionButton } from './import-inspection-button';

interface EventsToolbarProps {
  /** Mutations exist for stranded ropes and track ropes only. */
  allowsMutations: boolean;
  onAdd: (recordingType: RecordingType) => void;
  onImported: (parsed: ParsedInspection) => void;
}

/** Add damage, measurement or mutation, and import an inspection file. */
export function EventsToolbar({ allowsMutations, onAdd, onImported }: EventsToolbarProps) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="wrap">
      <Button onClick={() => onAdd('damage')}>{t('events.toolbar.addDamage')}</Button>
      <Button variant="light" onClick={() => onAdd('measurement')}>
        {t('events.toolbar.addMeasurement')}
      </Button>
      {allowsMutations ? (
        <Button variant="light" onClick={() => onAdd('mutation')}>
          {t('events.toolbar.addMutation')}
        </Button>
      ) : null}
      <ImportInspectionButton onParsed={onImported} />
    </Group>
  );
}
