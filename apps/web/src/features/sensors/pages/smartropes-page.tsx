import { Alert, Anchor, Button, Group, Stack, Title } from '@mantine/core';
import { SMARTROPES_PAGE_SIZE } from '@rope/domain/sensors/limits';
import type { SmartropeView } from '@rope/domain/sensors/smartrope-views';
import { lazy, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { type ColumnDef, DataTable } from '../../../components/data-table';
import { OpenedOnce } from '../../../components/opened-once';
import { useFormat } from '../../../lib/format';
import { AdminOnly } from '../components/admin-only';
import { ListSearch } from '../components/list-search';
import { MountedRopeLink } from '../components/mounted-rope-link';
import { sensorList } from '../sensor-device-display';
import { useSmartropes } from '../smartropes-api';
import { useAdminList } from '../use-admin-list';

const SmartropeDialog = lazy(() =>
  import('../components/smartrope-dialog').then((module) => ({ default: module.SmartropeDialog })),
);

/** /smartropes: admins find, add and open the smartropes. */
export function SmartropesPage() {
  const { t } = useTranslation();
  return (
    <AdminOnly permission="SMARTROPE_MANAGE" title={t('sensors.smartropes.title')}>
      <SmartropesList />
    </AdminOnly>
  );
}

function SmartropesList() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const navigate = useNavigate();
  const list = useAdminList(SMARTROPES_PAGE_SIZE);
  const smartropes = useSmartropes(list.query, true);
  const [adding, setAdding] = useState(false);
  const total = smartropes.data?.total;
  const { keepPageWithin } = list;
  useEffect(() => keepPageWithin(total), [total, keepPageWithin]);

  const columns = useMemo<ColumnDef<SmartropeView, unknown>[]>(
    () => [
      {
        id: 'name',
        header: t('common.fields.name'),
        cell: ({ row }) => (
          <Anchor component={Link} to={`/smartropes/${row.original.id}`} size="sm" fw={500}>
            {row.original.name}
          </Anchor>
        ),
      },
      { id: 'uuid', header: t('sensors.smartropes.uuid'), cell: ({ row }) => row.original.uuid },
      { id: 'rope', header: t('common.fields.rope'), cell: ({ row }) => <MountedRopeLink rope={row.original.rope} /> },
      {
        id: 'sensors',
        header: t('sensors.smartropes.sensors'),
        cell: ({ row }) => sensorList(row.original.sensors) || t('common.noValue'),
      },
      {
        id: 'lastEvent',
        header: t('sensors.smartropes.lastEvent'),
        cell: ({ row }) =>
          row.original.lastEventAt === null ? t('common.noValue') : fmt.dateTime(row.original.lastEventAt * 1000),
      },
    ],
    [t, fmt],
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>{t('sensors.smartropes.title')}</Title>
        <Button onClick={() => setAdding(true)}>{t('sensors.smartropes.add')}</Button>
      </Group>
      <ListSearch value={list.searchText} onChange={list.setSearchText} label={t('sensors.smartropes.search')} />
      {smartropes.isError ? <Alert color="red">{t('sensors.smartropes.loadError')}</Alert> : null}
      <DataTable
        label={t('sensors.smartropes.title')}
        data={smartropes.data?.smartropes ?? []}
        columns={columns}
        getRowId={(smartrope) => String(smartrope.id)}
        emptyText={t('sensors.smartropes.empty')}
        loading={smartropes.isPending || smartropes.isPlaceholderData}
        paging={{
          page: list.query.page,
          pageSize: SMARTROPES_PAGE_SIZE,
          total: smartropes.data?.total ?? 0,
          onPageChange: list.setPage,
        }}
        minWidth={860}
      />
      <OpenedOnce open={adding}>
        <SmartropeDialog
          opened={adding}
          onClose={() => setAdding(false)}
          onCreated={(smartrope) => navigate(`/smartropes/${smartrope.id}`)}
        />
      </OpenedOnce>
    </Stack>
  );
}
