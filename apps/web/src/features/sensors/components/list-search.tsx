import { CloseButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LimitedTextInput } from '../../../components/limited-input';
import { ADMIN_LIST_SEARCH_MAX_LENGTH } from '../admin-list-query';

/** The search box of an admin list. */
export function ListSearch({
  value,
  onChange,
  label,
}: {
  value: string;
  onChange: (text: string) => void;
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <LimitedTextInput
      type="search"
      aria-label={label}
      placeholder={label}
      value={value}
      limit={ADMIN_LIST_SEARCH_MAX_LENGTH}
      onChange={(event) => onChange(event.currentTarget.value)}
      rightSection={
        value ? <CloseButton aria-label={t('common.actions.clearSearch')} onClick={() => onChange('')} /> : null
      }
      w={320}
      maw="100%"
    />
  );
}
