import { Button, Group } from '@mantine/core';
import type { RecordingType } from '@rope/domain/events/kinds';
import type { ParsedInspection } from '@rope/domain/events/views';
import { useTranslation } from 'react-i18next';
import { TruscanUploadButton } from '../../mrt';
import { ImportInspectionButton } from './import-inspection-button';

interface EventsToolbarProps {
  ropeId: number;
  /** Mutations exist for stranded ropes and track ropes only. */
  allowsMutations: boolean;
  onAdd: (recordingType: RecordingType) => void;
  onImported: (parsed: ParsedInspection) => void;
}

/** Add damage, measurement or mutation, import an inspection file, upload TRUscan files. */
export function EventsToolbar({ ropeId, allowsMutations, onAdd, onImported }: EventsToolbarProps) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="wrap" align="flex-start">
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
      <TruscanUploadButton ropeId={ropeId} />
    </Group>
  );
}
