import { Alert, Anchor, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { PlacedEventView } from '@rope/domain/events/views';
import type { RopeOverview } from '@rope/domain/hierarchy/views';
import type { PendingTask } from '@rope/domain/tasks/views';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DamageGauge } from '../../../components/damage-gauge';
import { type ColumnDef, DataTable } from '../../../components/data-table';
import { ScreenAlert } from '../../../components/screen-alert';
import { PastDueBadge } from '../../../components/status-badge';
import { usePageParam } from '../../../components/use-page-param';
import { useFormat } from '../../../lib/format';
import { ropePath, ropeSettingsPath } from '../../../lib/hierarchy-paths';
import { useCan, useSessionUser } from '../../../lib/session/session';
import { eventColumns, PlacedEventsTable } from '../../events';
import { DEFAULT_NOTIFICATION_LIMIT, type NotificationLimit, RowLimitControl } from '../../notifications';
import { ExportTasksButton } from '../../tasks';
import { useAllRopes, useLastEvents, usePendingTasks } from '../api';
import { DeviceStates } from '../components/device-states';
import { Placement } from '../components/placement';
import { sortByDamage, sortTasks } from '../sort-order';

const ROPES_PAGE_SIZE = 10;
const TASKS_PAGE_SIZE = 10;

/** /dashboard: last events, the ropes' devices, pending tasks and the ropes by their largest damage. */
export function DashboardPage() {
  const { t } = useTranslation();
  const sessionUser = useSessionUser();
  const allowed = useCan('DASHBOARD');
  if (sessionUser && !allowed)
    return (
      <ScreenAlert title={t('dashboard.title')} color="yellow">
        {t('dashboard.forbidden')}
      </ScreenAlert>
    );
  return (
    <Stack gap="lg">
      <Title order={1}>{t('dashboard.title')}</Title>
      <LastEvents />
      <DeviceStates />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <PendingTasks />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <RopesByDamage />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function LastEvents() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const [limit, setLimit] = useState<NotificationLimit>(DEFAULT_NOTIFICATION_LIMIT);
  const events = useLastEvents(limit);
  const columns = useMemo<ColumnDef<PlacedEventView, unknown>[]>(() => {
    const event = eventColumns<PlacedEventView>(t, fmt, (row) => row.rope.positionOffset);
    const placement: ColumnDef<PlacedEventView, unknown> = {
      id: 'placement',
      header: t('dashboard.events.placement'),
      cell: ({ row }) => (
        <Placement area={row.original.area} installation={row.original.installation} rope={row.original.rope} />
      ),
    };
    return [event.timestamp, placement, event.type, event.position, event.status];
  }, [t, fmt]);
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h3">
            {t('events.table.title')}
          </Title>
          <RowLimitControl value={limit} onChange={setLimit} label={t('common.rows')} />
        </Group>
        <PlacedEventsTable events={events} columns={columns} minWidth={760} />
      </Stack>
    </Paper>
  );
}

function PendingTasks() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const tasks = usePendingTasks();
  const [page, setPage] = usePageParam('tasksPage');
  const sorted = useMemo(() => sortTasks(tasks.data ?? []), [tasks.data]);
  const columns = useMemo<ColumnDef<PendingTask, unknown>[]>(() => {
    return [
      { id: 'title', header: t('common.fields.title'), cell: ({ row }) => row.original.title },
      {
        id: 'rope',
        header: t('common.fields.rope'),
        cell: ({ row }) => {
          const { area, installation, rope } = row.original;
          if (!area || !installation) return rope.name ?? `#${rope.id}`;
          return (
            <Anchor component={Link} to={ropePath(area.id, installation.id, rope.id)} size="sm">
              {rope.name ?? `#${rope.id}`}
            </Anchor>
          );
        },
      },
      {
        id: 'due',
        header: t('tasks.table.due'),
        cell: ({ row }) => (
          <Stack gap={4} align="flex-start">
            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
              {row.original.dueAt ? fmt.date(row.original.dueAt) : '–'}
            </Text>
            {row.original.pastDue ? <PastDueBadge>{t('tasks.table.pastDue')}</PastDueBadge> : null}
          </Stack>
        ),
      },
    ];
  }, [t, fmt]);
  return (
    <Paper withBorder p="md" radius="md" h="100%">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h3">
            {t('dashboard.tasks.title')}
          </Title>
          <ExportTasksButton path="/tasks/export" showFinished={false} />
        </Group>
        {tasks.isError ? <Alert color="red">{t('tasks.section.loadError')}</Alert> : null}
        <DataTable
          label={t('dashboard.tasks.title')}
          data={sorted}
          columns={columns}
          getRowId={(task) => String(task.id)}
          emptyText={t('tasks.section.empty')}
          loading={tasks.isPending}
          minWidth={440}
          paging={{ page, pageSize: TASKS_PAGE_SIZE, onPageChange: setPage }}
        />
      </Stack>
    </Paper>
  );
}

function RopesByDamage() {
  const { t } = useTranslation();
  const ropes = useAllRopes();
  const [page, setPage] = usePageParam('ropesPage');
  const sorted = useMemo(() => sortByDamage(ropes.data ?? []), [ropes.data]);
  const columns = useMemo<ColumnDef<RopeOverview, unknown>[]>(
    () => [
      {
        id: 'damage',
        header: t('dashboard.ropes.damage'),
        cell: ({ row }) => (
          <DamageGauge
            damages={row.original.damages}
            width={56}
            href={ropeSettingsPath(row.original.area.id, row.original.installation.id, row.original.id)}
          />
        ),
      },
      {
        id: 'rope',
        header: t('common.fields.rope'),
        cell: ({ row }) => (
          <Stack gap={2}>
            <Anchor
              component={Link}
              to={ropePath(row.original.area.id, row.original.installation.id, row.original.id)}
              fw={500}
            >
              {row.original.name}
            </Anchor>
            <Placement area={row.original.area} installation={row.original.installation} />
          </Stack>
        ),
      },
    ],
    [t],
  );
  return (
    <Paper withBorder p="md" radius="md" h="100%">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t('dashboard.ropes.title')}
        </Title>
        {ropes.isError ? <Alert color="red">{t('ropes.list.loadError')}</Alert> : null}
        <DataTable
          label={t('dashboard.ropes.title')}
          data={sorted}
          columns={columns}
          getRowId={(rope) => String(rope.id)}
          emptyText={t('ropes.list.empty')}
          loading={ropes.isPending}
          minWidth={360}
          paging={{ page, pageSize: ROPES_PAGE_SIZE, onPageChange: setPage }}
        />
      </Stack>
    </Paper>
  );
}
