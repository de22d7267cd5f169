import type { RopeEventView } from '@rope/domain/events/views';
import type { TFunction } from 'i18next';
import type { ColumnDef } from '../../../components/data-table';
import { ActionStatusBadge } from '../../../components/status-badge';
import type { Formatters } from '../../../lib/format';
import { EventPosition } from './event-position';

/**
 * The columns the events tables share, each table taking those it shows in its order. Positions are datum
 * positions; `positionOffset` tells a row's rope offset.
 */
export function eventColumns<Event extends RopeEventView>(
  t: TFunction,
  fmt: Formatters,
  positionOffset: (event: Event) => number,
): Record<'timestamp' | 'recordingType' | 'type' | 'position' | 'status', ColumnDef<Event, unknown>> {
  return {
    timestamp: {
      id: 'timestamp',
      header: t('common.fields.timestamp'),
      cell: ({ row }) => fmt.dateTime(row.original.attributes.timestamp),
    },
    recordingType: {
      id: 'recordingType',
      header: t('events.fields.recordingType'),
      cell: ({ row }) => t(`enums.recordingTypes.${row.original.attributes.recordingType}`),
    },
    type: {
      id: 'type',
      header: t('common.fields.type'),
      cell: ({ row }) => t(`enums.eventTypes.${row.original.attributes.type}`),
    },
    position: {
      id: 'position',
      header: t('common.fields.position'),
      cell: ({ row }) => <EventPosition event={row.original} positionOffset={positionOffset(row.original)} />,
    },
    status: {
      id: 'status',
      header: t('common.fields.status'),
      cell: ({ row }) => (
        <ActionStatusBadge status={row.original.attributes.actionStatus}>
          {t(`enums.actionStatuses.${row.original.attributes.actionStatus}`)}
        </ActionStatusBadge>
      ),
    },
  };
}
