import { Button, Group, Tooltip, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MANDATOR_SORT_FIELDS } from '@rope/domain/list-sort';
import type { MandatorView } from '@rope/domain/mandators/views';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from '../../../components/confirm-delete';
import { type ColumnDef, DataTable, type SortingState } from '../../../components/data-table';
import { failureText } from '../../../lib/failure-text';
import { useDeleteMandator } from '../api';

interface MandatorsTableProps {
  mandators: MandatorView[];
  loading: boolean;
  onEdit: (mandator: MandatorView) => void;
}

export function MandatorsTable({ mandators, loading, onEdit }: MandatorsTableProps) {
  const { t } = useTranslation();
  const remove = useDeleteMandator();
  const [sorting, setSorting] = useState<SortingState>([{ id: 'name', desc: false }]);

  const columns = useMemo<ColumnDef<MandatorView, unknown>[]>(() => {
    const askDelete = (mandator: MandatorView) =>
      confirmDelete({
        title: t('mandators.delete.title'),
        message: t('mandators.delete.confirm'),
        confirmLabel: t('common.actions.delete'),
        cancelLabel: t('common.actions.cancel'),
        onConfirm: () =>
          remove.mutate(mandator.id, {
            onSuccess: () => notifications.show({ color: 'green', message: t('mandators.delete.done') }),
            onError: (error) =>
              notifications.show({
                color: 'red',
                message: t('mandators.delete.error', { message: failureText(t, error, t('common.tryLater')) }),
              }),
          }),
      });
    return [
      { id: 'name', header: t('common.fields.name'), accessorKey: 'name' },
      {
        id: 'passwordExpiry',
        header: t('mandators.table.passwordExpiry'),
        accessorFn: (mandator) => mandator.passwordExpiryDays ?? 0,
        cell: ({ row }) => {
          const days = row.original.passwordExpiryDays ?? 0;
          return days > 0 ? t('mandators.table.days', { count: days }) : t('mandators.table.never');
        },
      },
      {
        id: 'actions',
        header: () => <VisuallyHidden>{t('common.fields.actions')}</VisuallyHidden>,
        cell: ({ row }) => (
          <Group gap="xs" justify="flex-end" wrap="nowrap">
            <Button size="compact-sm" variant="subtle" onClick={() => onEdit(row.original)}>
              {t('common.actions.edit')}
            </Button>
            <Tooltip label={t('mandators.delete.inUse')} disabled={row.original.canBeDeleted} withinPortal>
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                // data-disabled rather than disabled: a disabled button gets no hover, so no tooltip saying why.
                data-disabled={row.original.canBeDeleted ? undefined : true}
                aria-disabled={!row.original.canBeDeleted}
                aria-label={t('mandators.delete.label', { name: row.original.name })}
                onClick={() => (row.original.canBeDeleted ? askDelete(row.original) : undefined)}
              >
                {t('common.actions.delete')}
              </Button>
            </Tooltip>
          </Group>
        ),
      },
    ];
  }, [t, onEdit, remove.mutate]);

  return (
    <DataTable
      label={t('common.fields.mandators')}
      data={mandators}
      columns={columns}
      getRowId={(mandator) => String(mandator.id)}
      emptyText={t('mandators.empty')}
      loading={loading}
      sorting={{ columns: MANDATOR_SORT_FIELDS, state: sorting, onChange: setSorting }}
    />
  );
}
