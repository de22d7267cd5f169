import { Alert, Button, Group, Stack, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { USERS_PAGE_SIZE } from '@rope/domain/users/fields';
import { managesUsers } from '@rope/domain/users/policy';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ScreenAlert } from '../../../components/screen-alert';
import { useSessionUser } from '../../../lib/session/session';
import { useUsers } from '../api';
import { UserDialog, type UserDialogTarget } from '../components/user-dialog';
import { UsersTable } from '../components/users-table';
import { UsersToolbar } from '../components/users-toolbar';
import type { UsersQuery } from '../users-query';
import { clampPage, readUsersQuery, usersQueryString } from '../users-query';

const SEARCH_DELAY_MS = 300;

/** /users: people who manage users find, add and edit them. */
export function UsersPage() {
  const { t } = useTranslation();
  const sessionUser = useSessionUser();
  const [params, setParams] = useSearchParams();
  const query = readUsersQuery(params);
  const [searchText, setSearchText] = useState(query.search);
  const [debouncedSearch] = useDebouncedValue(searchText, SEARCH_DELAY_MS);
  const [dialog, setDialog] = useState<UserDialogTarget | null>(null);
  const mayManage = Boolean(sessionUser && managesUsers(sessionUser));
  const users = useUsers(query, mayManage);
  const openEdit = useCallback((user: { id: number }) => setDialog({ mode: 'edit', id: user.id }), []);

  const setQuery = (next: UsersQuery, replace = false) =>
    setParams(new URLSearchParams(usersQueryString(next)), { replace });

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled search text changes the address
  useEffect(() => {
    if (debouncedSearch.trim() !== query.search.trim()) setQuery({ ...query, search: debouncedSearch, page: 1 }, true);
  }, [debouncedSearch]);

  // After a delete the current page may have run empty: step back to the last page with rows.
  const total = users.data?.total;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to a new total only
  useEffect(() => {
    if (total !== undefined && clampPage(query.page, total) !== query.page) {
      setQuery({ ...query, page: clampPage(query.page, total) }, true);
    }
  }, [total]);

  if (!mayManage)
    return (
      <ScreenAlert title={t('users.title')} color="yellow">
        {t('users.forbidden')}
      </ScreenAlert>
    );

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>{t('users.title')}</Title>
        <Button onClick={() => setDialog({ mode: 'new' })}>{t('users.add')}</Button>
      </Group>
      <UsersToolbar
        search={searchText}
        onSearchChange={setSearchText}
        showFree={query.showFree}
        onShowFreeChange={(showFree) => setQuery({ ...query, showFree, page: 1 })}
      />
      {users.isError ? <Alert color="red">{t('users.loadError')}</Alert> : null}
      <UsersTable
        users={users.data?.users ?? []}
        loading={users.isPending || users.isPlaceholderData}
        paging={{
          page: query.page,
          pageSize: USERS_PAGE_SIZE,
          total: users.data?.total ?? 0,
          onPageChange: (page) => setQuery({ ...query, page }),
        }}
        onEdit={openEdit}
      />
      <UserDialog target={dialog} onClose={() => setDialog(null)} onTargetChange={setDialog} />
    </Stack>
  );
}
