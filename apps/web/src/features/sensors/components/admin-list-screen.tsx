import { Alert, Anchor, Button, Group, Stack, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type ComponentType, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { type ColumnDef, DataTable } from '../../../components/data-table';
import { OpenedOnce } from '../../../components/opened-once';
import { type Formatters, useFormat } from '../../../lib/format';
import type { AdminKind, AdminRecord } from '../admin-kind';
import type { AdminListQuery } from '../admin-list-query';
import { useAdminList } from '../use-admin-list';
import { AdminOnly } from './admin-only';
import { ListSearch } from './list-search';

export interface AddDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The new record, whose page opens next. */
  onCreated: (created: AdminRecord) => void;
}

interface AdminListScreenProps<Row extends AdminRecord, Answer extends { total: number }> {
  kind: AdminKind;
  useList: (query: AdminListQuery, enabled: boolean) => UseQueryResult<Answer>;
  rowsOf: (answer: Answer) => Row[];
  /** The columns after the name, which links to the record's page. */
  columns: (t: TFunction, fmt: Formatters) => ColumnDef<Row, unknown>[];
  minWidth: number;
  AddDialog: ComponentType<AddDialogProps>;
}

/** An admin list (sensor devices, smartropes): admins find, add and open the records. */
export function AdminListScreen<Row extends AdminRecord, Answer extends { total: number }>(
  props: AdminListScreenProps<Row, Answer>,
) {
  return (
    <AdminOnly kind={props.kind}>
      <AdminList {...props} />
    </AdminOnly>
  );
}

function AdminList<Row extends AdminRecord, Answer extends { total: number }>({
  kind,
  useList,
  rowsOf,
  columns: columnsAfterName,
  minWidth,
  AddDialog,
}: AdminListScreenProps<Row, Answer>) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const navigate = useNavigate();
  const list = useAdminList(kind.pageSize);
  const records = useList(list.query, true);
  const [adding, setAdding] = useState(false);
  const total = records.data?.total;
  const { keepPageWithin } = list;
  useEffect(() => keepPageWithin(total), [total, keepPageWithin]);

  const columns = useMemo<ColumnDef<Row, unknown>[]>(
    () => [
      {
        id: 'name',
        header: t('common.fields.name'),
        cell: ({ row }) => (
          <Anchor component={Link} to={`${kind.path}/${row.original.id}`} size="sm" fw={500}>
            {row.original.name}
          </Anchor>
        ),
      },
      ...columnsAfterName(t, fmt),
    ],
    [t, fmt, kind.path, columnsAfterName],
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>{t(`${kind.texts}.title`)}</Title>
        <Button onClick={() => setAdding(true)}>{t(`${kind.texts}.add`)}</Button>
      </Group>
      <ListSearch value={list.searchText} onChange={list.setSearchText} label={t(`${kind.texts}.search`)} />
      {records.isError ? <Alert color="red">{t(`${kind.texts}.loadError`)}</Alert> : null}
      <DataTable
        label={t(`${kind.texts}.title`)}
        data={records.data ? rowsOf(records.data) : []}
        columns={columns}
        getRowId={(record) => String(record.id)}
        emptyText={t(`${kind.texts}.empty`)}
        loading={records.isPending || records.isPlaceholderData}
        paging={{
          page: list.query.page,
          pageSize: kind.pageSize,
          total: records.data?.total ?? 0,
          onPageChange: list.setPage,
        }}
        minWidth={minWidth}
      />
      <OpenedOnce open={adding}>
        <AddDialog
          opened={adding}
          onClose={() => setAdding(false)}
          onCreated={(created) => navigate(`${kind.path}/${created.id}`)}
        />
      </OpenedOnce>
    </Stack>
  );
}
