import { Alert } from '@mantine/core';
import type { PlacedEventView } from '@rope/domain/events/views';
import { useTranslation } from 'react-i18next';
import { type ColumnDef, DataTable } from '../../../components/data-table';

interface PlacedEventsTableProps {
  events: { data?: PlacedEventView[]; isPending: boolean; isError: boolean };
  /** Mostly `eventColumns`, with where each event is. */
  columns: ColumnDef<PlacedEventView, unknown>[];
  minWidth: number;
}

/** The latest events over many ropes (the dashboard's, an installation's): a load error, else the table. */
export function PlacedEventsTable({ events, columns, minWidth }: PlacedEventsTableProps) {
  const { t } = useTranslation();
  return (
    <>
      {events.isError ? <Alert color="red">{t('events.table.loadError')}</Alert> : null}
      <DataTable
        label={t('events.table.title')}
        data={events.data ?? []}
        columns={columns}
        getRowId={(event) => String(event.id)}
        emptyText={t('events.table.empty')}
        loading={events.isPending}
        minWidth={minWidth}
      />
    </>
  );
}
