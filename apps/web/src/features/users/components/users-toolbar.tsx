import { Button, Checkbox, CloseButton, Group, Menu } from '@mantine/core';
import { USER_SEARCH_MAX_LENGTH } from '@rope/domain/users/fields';
import { mayShowFreeUsers } from '@rope/domain/users/policy';
import { useTranslation } from 'react-i18next';
import { LimitedTextInput } from '../../../components/limited-input';
import { useCan, useSessionUser } from '../../../lib/session/session';
import { useSheetUrl } from '../../../lib/sheet-query';
import { USER_EXPORTS } from '../api';

interface UsersToolbarProps {
  search: string;
  onSearchChange: (search: string) => void;
  showFree: boolean;
  onShowFreeChange: (showFree: boolean) => void;
}

/** Search for everyone; the free-user switch and the CSV downloads for admins only. */
export function UsersToolbar({ search, onSearchChange, showFree, onShowFreeChange }: UsersToolbarProps) {
  const { t } = useTranslation();
  const sessionUser = useSessionUser();
  const canShowFree = Boolean(sessionUser && mayShowFreeUsers(sessionUser));
  const canExport = useCan('USER_EXPORT');
  const sheet = useSheetUrl();
  return (
    <Group justify="space-between" align="center" wrap="wrap" gap="sm">
      <Group gap="lg" wrap="wrap">
        <LimitedTextInput
          type="search"
          aria-label={t('users.search.label')}
          placeholder={t('users.search.placeholder')}
          value={search}
          limit={USER_SEARCH_MAX_LENGTH}
          onChange={(event) => onSearchChange(event.currentTarget.value)}
          rightSection={
            search ? (
              <CloseButton aria-label={t('common.actions.clearSearch')} onClick={() => onSearchChange('')} />
            ) : null
          }
          w={320}
          maw="100%"
        />
        {canShowFree ? (
          <Checkbox
            label={t('users.showFree')}
            checked={showFree}
            onChange={(event) => onShowFreeChange(event.currentTarget.checked)}
          />
        ) : null}
      </Group>
      {canExport ? (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button variant="default">{t('users.exports.button')}</Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>{t('users.exports.label')}</Menu.Label>
            {USER_EXPORTS.map((item) => (
              <Menu.Item key={item.key} component="a" href={sheet.url(item.href)} download>
                {t(`users.exports.${item.key}`)}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      ) : null}
    </Group>
  );
}
