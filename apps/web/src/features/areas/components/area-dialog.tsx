import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { AreaView } from '@rope/domain/hierarchy/views';
import { useTranslation } from 'react-i18next';
import { AreaEditor } from './area-editor';

export type AreaDialogTarget = { mode: 'new' } | { mode: 'edit'; area: AreaView };

interface AreaDialogProps {
  target: AreaDialogTarget | null;
  onClose: () => void;
  /** After a delete the screen of the area is gone. */
  onDeleted?: () => void;
}

/** Add an area (admins) or change its settings (AREA_PARTIAL_EDIT). */
export function AreaDialog({ target, onClose, onDeleted }: AreaDialogProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={target?.mode === 'edit' ? t('areas.dialog.titleEdit') : t('areas.dialog.titleNew')}
      size="xl"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('common.actions.close') }}
    >
      {target ? (
        <AreaEditor
          key={target.mode === 'edit' ? target.area.id : 'new'}
          area={target.mode === 'edit' ? target.area : undefined}
          onDone={onClose}
          onDeleted={() => {
            onClose();
            onDeleted?.();
          }}
        />
      ) : null}
    </Modal>
  );
}
