import { Alert, Anchor, Stack, Title } from '@mantine/core';
import type { PlacedEventView } from '@rope/domain/events/views';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type ColumnDef, DataTable } from '../../../components/data-table';
import { ActionStatusBadge } from '../../../components/status-badge';
import { useFormat } from '../../../lib/format';
import { EventPosition } from '../../events/components/event-position';
import { useInstallationEvents } from '../api';

/** The installation's last 10 events over all its ropes. */
export function InstallationEventsTable({ areaId, installationId }: { areaId: number; installationId: number }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const events = useInstallationEvents(installationId);
  const columns = useMemo<ColumnDef<PlacedEventView, unknown>[]>(() => {
    return [
      {
        id: 'timestamp',
        header: t('common.fields.timestamp'),
        cell: ({ row }) => fmt.dateTime(row.original.attributes.timestamp),
      },
      {
        id: 'rope',
        header: t('common.fields.rope'),
        cell: ({ row }) => (
          <Anchor
            component={Link}
            to={`/areas/${areaId}/installations/${installationId}/ropes/${row.original.rope.id}`}
          >
            {row.original.rope.name}
          </Anchor>
        ),
      },
      {
        id: 'recordingType',
        header: t('events.fields.recordingType'),
        cell: ({ row }) => t(`enums.recordingTypes.${row.original.attributes.recordingType}`),
      },
      {
        id: 'type',
        header: t('common.fields.type'),
        cell: ({ row }) => t(`enums.eventTypes.${row.original.attributes.type}`),
      },
      {
        id: 'position',
        header: t('common.fields.position'),
        cell: ({ row }) => <EventPosition event={row.original} positionOffset={row.original.rope.positionOffset} />,
      },
      {
        id: 'status',
        header: t('common.fields.status'),
        cell: ({ row }) => (
          <ActionStatusBadge status={row.original.attributes.actionStatus}>
            {t(`enums.actionStatuses.${row.original.attributes.actionStatus}`)}
          </ActionStatusBadge>
        ),
      },
    ];
  }, [t, fmt, areaId, installationId]);

  return (
    <Stack gap="sm">
      <Title order={3}>{t('events.table.title')}</Title>
      {events.isError ? <Alert color="red">{t('events.table.loadError')}</Alert> : null}
      <DataTable
        label={t('events.table.title')}
        data={events.data ?? []}
        columns={columns}
        getRowId={(event) => String(event.id)}
        emptyText={t('events.table.empty')}
        loading={events.isPending}
        minWidth={720}
      />
    </Stack>
  );
}
