import { Badge, Button, VisuallyHidden } from '@mantine/core';
import { canManageUser } from '@rope/domain/users/policy';
import type { UserListItem } from '@rope/domain/users/views';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type ColumnDef, DataTable, type DataTablePaging } from '../../../components/data-table';
import { useSessionUser } from '../../../lib/session/session';
import { listSubject, sessionActor } from '../actor';

interface UsersTableProps {
  users: UserListItem[];
  loading: boolean;
  paging: DataTablePaging;
  onEdit: (user: UserListItem) => void;
}

export function UsersTable({ users, loading, paging, onEdit }: UsersTableProps) {
  const { t } = useTranslation();
  const sessionUser = useSessionUser();
  // The same rule as the API's: client admins never edit their own record, nor users outside their mandators.
  const mayEdit = useMemo(() => {
    const actor = sessionUser ? sessionActor(sessionUser) : undefined;
    return (user: UserListItem) => Boolean(actor && canManageUser(actor, listSubject(user)));
  }, [sessionUser]);

  const columns = useMemo<ColumnDef<UserListItem, unknown>[]>(
    () => [
      { id: 'email', header: t('common.fields.email'), accessorKey: 'email' },
      { id: 'name', header: t('common.fields.name'), accessorKey: 'name' },
      { id: 'role', header: t('common.fields.role'), cell: ({ row }) => t(`users.roles.${row.original.role}`) },
      {
        id: 'mandators',
        header: t('common.fields.mandators'),
        cell: ({ row }) => row.original.mandators.map((mandator) => mandator.name).join(', '),
      },
      {
        id: 'active',
        header: t('common.fields.active'),
        cell: ({ row }) => (
          <Badge variant="light" miw="max-content" color={row.original.isActive ? 'green' : 'gray'}>
            {row.original.isActive ? t('common.yes') : t('common.no')}
          </Badge>
        ),
      },
      {
        id: 'edit',
        header: () => <VisuallyHidden>{t('common.fields.actions')}</VisuallyHidden>,
        cell: ({ row }) =>
          mayEdit(row.original) ? (
            <Button
              size="compact-sm"
              variant="subtle"
              aria-label={t('users.table.editUser', { email: row.original.email })}
              onClick={(event) => {
                event.stopPropagation();
                onEdit(row.original);
              }}
            >
              {t('common.actions.edit')}
            </Button>
          ) : null,
      },
    ],
    [t, mayEdit, onEdit],
  );

  return (
    <DataTable
      label={t('users.title')}
      minWidth={860}
      data={users}
      columns={columns}
      getRowId={(user) => String(user.id)}
      emptyText={t('users.empty')}
      loading={loading}
      onRowClick={onEdit}
      rowClickable={mayEdit}
      paging={paging}
    />
  );
}
