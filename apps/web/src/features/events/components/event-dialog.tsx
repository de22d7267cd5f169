import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { RopeView } from '@rope/domain/hierarchy/views';
import { useTranslation } from 'react-i18next';
import type { EventDialogTarget } from './event-dialog-target';
import { EventEditor } from './event-editor';

interface EventDialogProps {
  rope: RopeView;
  target: EventDialogTarget | null;
  onClose: () => void;
  onHistory: (id: number) => void;
}

function titleKey(target: EventDialogTarget | null) {
  if (target?.mode === 'edit') return 'events.dialog.titleEdit' as const;
  if (target?.mode === 'view') return 'events.dialog.titleView' as const;
  if (target?.mode === 'import') return 'events.dialog.titleImport' as const;
  return 'events.dialog.titleNew' as const;
}

/** Add / edit / view dialog of a rope event. */
export function EventDialog({ rope, target, onClose, onHistory }: EventDialogProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)');
  const key = target?.mode === 'edit' || target?.mode === 'view' ? `${target.mode}-${target.event.id}` : target?.mode;
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={t(titleKey(target))}
      size="90rem"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('common.actions.close') }}
    >
      {target ? <EventEditor key={key} rope={rope} target={target} onDone={onClose} onHistory={onHistory} /> : null}
    </Modal>
  );
}
