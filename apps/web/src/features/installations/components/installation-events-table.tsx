import { Anchor, Stack, Title } from '@mantine/core';
import type { PlacedEventView } from '@rope/domain/events/views';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ColumnDef } from '../../../components/data-table';
import { useFormat } from '../../../lib/format';
import { eventColumns, PlacedEventsTable } from '../../events';
import { useInstallationEvents } from '../api';

/** The installation's last 10 events over all its ropes. */
export function InstallationEventsTable({ areaId, installationId }: { areaId: number; installationId: number }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const events = useInstallationEvents(installationId);
  const columns = useMemo<ColumnDef<PlacedEventView, unknown>[]>(() => {
    const event = eventColumns<PlacedEventView>(t, fmt, (row) => row.rope.positionOffset);
    const rope: ColumnDef<PlacedEventView, unknown> = {
      id: 'rope',
      header: t('common.fields.rope'),
      cell: ({ row }) => (
        <Anchor component={Link} to={`/areas/${areaId}/installations/${installationId}/ropes/${row.original.rope.id}`}>
          {row.original.rope.name}
        </Anchor>
      ),
    };
    return [event.timestamp, rope, event.recordingType, event.type, event.position, event.status];
  }, [t, fmt, areaId, installationId]);

  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {t('events.table.title')}
      </Title>
      <PlacedEventsTable events={events} columns={columns} minWidth={720} />
    </Stack>
  );
}
