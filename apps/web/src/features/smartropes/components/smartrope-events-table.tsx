import type { SmartropeEventView } from '@rope/domain/smartropes/views';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type ColumnDef, DataTable } from '../../../components/data-table';
import { SmartropeEventBadge } from '../../../components/status-badge';
import { useFormat } from '../../../lib/format';

interface SmartropeEventsTableProps {
  events: readonly SmartropeEventView[];
  loading: boolean;
  /** The rope page names each event's smartrope; a smartrope's own page does not. */
  withSmartrope: boolean;
  onOpen: (event: SmartropeEventView) => void;
  label: string;
}

/** Smartrope events, newest first: a row opens the event with its measurements. */
export function SmartropeEventsTable({ events, loading, withSmartrope, onOpen, label }: SmartropeEventsTableProps) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const columns = useMemo<ColumnDef<SmartropeEventView, unknown>[]>(
    () => [
      {
        id: 'time',
        header: t('sensors.events.time'),
        cell: ({ row }) => fmt.dateTime(row.original.unixTimestamp * 1000),
      },
      ...(withSmartrope ? [smartropeColumn(t('sensors.smartropes.one'))] : []),
      { id: 'sensor', header: t('sensors.events.sensor'), cell: ({ row }) => row.original.sensorName },
      {
        id: 'type',
        header: t('common.fields.type'),
        cell: ({ row }) => (
          <SmartropeEventBadge type={row.original.type}>
            {t(`enums.smartropeEventTypes.${row.original.type}`)}
          </SmartropeEventBadge>
        ),
      },
      {
        id: 'peak',
        header: t('sensors.events.peak'),
        cell: ({ row }) => (row.original.peak === null ? t('common.noValue') : fmt.number(row.original.peak)),
      },
      {
        id: 'acknowledged',
        header: t('sensors.events.acknowledged'),
        cell: ({ row }) => (row.original.attributes.isAcknowledged ? t('common.yes') : t('common.no')),
      },
    ],
    [t, fmt, withSmartrope],
  );
  return (
    <DataTable
      label={label}
      data={events}
      columns={columns}
      getRowId={(event) => String(event.id)}
      emptyText={t('common.noEntries')}
      loading={loading}
      onRowClick={onOpen}
      minWidth={640}
    />
  );
}

function smartropeColumn(header: string): ColumnDef<SmartropeEventView, unknown> {
  return { id: 'smartrope', header, cell: ({ row }) => row.original.smartrope.name };
}
