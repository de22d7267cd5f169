import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DocumentsPanel } from './documents-panel';

interface EventDocumentsDialogProps {
  eventId: number | null;
  writable: boolean;
  onClose: () => void;
}

/** The event documents gallery: photographs as thumbnails, every document in the list, upload for writers. */
export function EventDocumentsDialog({ eventId, writable, onClose }: EventDocumentsDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={eventId !== null}
      onClose={onClose}
      size="xl"
      title={t('documents.widget.eventTitle')}
      closeButtonProps={{ 'aria-label': t('common.actions.close') }}
    >
      {eventId !== null ? (
        <DocumentsPanel
          source={{ kind: 'target', targetType: 'event', targetId: eventId }}
          title={t('documents.widget.title')}
          order={3}
          titleSize="h4"
          uploadTarget={{ targetType: 'event', targetId: eventId }}
          writable={writable}
          gallery
        />
      ) : null}
    </Modal>
  );
}
