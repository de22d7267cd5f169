import { VisuallyHidden } from '@mantine/core';
import type { ACTION_STATUSES } from '@rope/domain/events/kinds';
import type { RopeEventView } from '@rope/domain/events/views';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type ColumnDef, DataTable } from '../../../components/data-table';
import { useFormat } from '../../../lib/format';
import { eventColumns } from './event-columns';
import { EventRowActions } from './event-row-actions';
import { StatusCell } from './status-cell';

interface EventsTableProps {
  events: RopeEventView[];
  loading: boolean;
  editable: boolean;
  title: string;
  emptyText: string;
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  onStatus: (event: RopeEventView, status: (typeof ACTION_STATUSES)[number]) => void;
  onDetails: (event: RopeEventView) => void;
  onOpen: (event: RopeEventView, mode: 'edit' | 'view') => void;
  onArchive: (event: RopeEventView, archive: boolean) => void;
  onTrace: (event: RopeEventView) => void;
  /** Makes the event's single report; absent where reports are not offered (live sessions). */
  onReport?: (event: RopeEventView) => void;
  /** The rope's positionOffset: device-referenced events show their datum position, the device reading below. */
  positionOffset?: number;
}

/**
 * Timestamp, Type of event, Type, Position [m] (or 'Global'), Status and the row's actions. Positions are datum
 * positions, as the chart and its zoom use them; an MRT finding also shows what the device read.
 */
export function EventsTable(props: EventsTableProps) {
  const { events, loading, editable, title, emptyText, page, pageSize, total } = props;
  const { onPageChange, onStatus, onDetails, onOpen, onArchive, onTrace, onReport } = props;
  const { t } = useTranslation();
  const fmt = useFormat();
  const offset = props.positionOffset ?? 0;
  const columns = useMemo<ColumnDef<RopeEventView, unknown>[]>(() => {
    const event = eventColumns<RopeEventView>(t, fmt, () => offset);
    return [
      event.timestamp,
      event.recordingType,
      event.type,
      event.position,
      {
        id: 'status',
        header: t('common.fields.status'),
        cell: ({ row }) => (
          <StatusCell
            event={row.original}
            editable={editable && !row.original.isDeleted && !row.original.attributes.isImported}
            onChange={(status) => onStatus(row.original, status)}
          />
        ),
      },
      {
        id: 'actions',
        header: () => <VisuallyHidden>{t('common.fields.actions')}</VisuallyHidden>,
        cell: ({ row }) => (
          <EventRowActions
            event={row.original}
            editable={editable}
            onDetails={onDetails}
            onOpen={onOpen}
            onArchive={onArchive}
            onTrace={onTrace}
            onReport={onReport}
          />
        ),
      },
    ];
  }, [t, fmt, editable, onStatus, onDetails, onOpen, onArchive, onTrace, onReport, offset]);
  return (
    <DataTable
      label={title}
      minWidth={900}
      data={events}
      columns={columns}
      getRowId={(event) => String(event.id)}
      emptyText={emptyText}
      loading={loading}
      paging={pageSize > 0 ? { page, pageSize, total, onPageChange, label: t('events.table.pager') } : undefined}
    />
  );
}
