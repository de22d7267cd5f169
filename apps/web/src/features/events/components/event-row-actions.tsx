import { Badge, Button, Group, Tooltip } from '@mantine/core';
import type { RopeEventView } from '@rope/domain/events/views';
import { singleReportKind } from '@rope/domain/reports/kinds';
import { useTranslation } from 'react-i18next';

interface EventRowActionsProps {
  event: RopeEventView;
  /** The rope can be changed: edit (unless imported or archived) and archive / restore. */
  editable: boolean;
  onDetails: (event: RopeEventView) => void;
  onOpen: (event: RopeEventView, mode: 'edit' | 'view') => void;
  onArchive: (event: RopeEventView, archive: boolean) => void;
  /** Opens the MRT trace of a TRUscan measurement. */
  onTrace: (event: RopeEventView) => void;
  /** Makes the event's damage, repair or splice report; absent where reports are not offered. */
  onReport?: (event: RopeEventView) => void;
}

/** Measurements made from a TRUscan file: the only MRT inspections recorded with detection mrt. */
const hasTrace = (event: RopeEventView) =>
  event.attributes.type === 'mrtInspection' && event.attributes.detection === 'mrt';

/**
 * Details, edit or show, the MRT trace, the event's report, the number of attached documents, archive or restore;
 * on a narrow screen they wrap.
 */
export function EventRowActions(props: EventRowActionsProps) {
  const { event, editable, onDetails, onOpen, onArchive, onTrace, onReport } = props;
  const { t } = useTranslation();
  const report = onReport ? singleReportKind(event) : null;
  const canEdit = editable && !event.isDeleted && !event.attributes.isImported;
  const documents = t('events.table.documents', { count: event.documentCount });
  return (
    <Group gap={4} wrap="wrap" justify="flex-end">
      <Button size="compact-sm" variant="subtle" onClick={() => onDetails(event)}>
        {t('events.table.details')}
      </Button>
      <Button size="compact-sm" variant="subtle" onClick={() => onOpen(event, canEdit ? 'edit' : 'view')}>
        {canEdit ? t('common.actions.edit') : t('common.actions.show')}
      </Button>
      {hasTrace(event) ? (
        <Button size="compact-sm" variant="subtle" onClick={() => onTrace(event)}>
          {t('events.mrt.open')}
        </Button>
      ) : null}
      {report && onReport ? (
        <Button size="compact-sm" variant="subtle" onClick={() => onReport(event)}>
          {t(`reports.single.${report}`)}
        </Button>
      ) : null}
      <Tooltip label={documents}>
        <Badge variant="outline" color={event.documentCount > 0 ? 'blue' : 'gray'} aria-label={documents}>
          {event.documentCount}
        </Badge>
      </Tooltip>
      {editable ? (
        <Button
          size="compact-sm"
          variant="subtle"
          color={event.isDeleted ? 'blue' : 'red'}
          onClick={() => onArchive(event, !event.isDeleted)}
        >
          {event.isDeleted ? t('common.actions.restore') : t('common.actions.archive')}
        </Button>
      ) : null}
    </Group>
  );
}
