import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../../lib/session/session';
import { useAreas, useUsersOfAreas } from '../api';
import { groupUsersByMandator, oneAreaPerMandator } from '../area-filter';

interface ShowAsPickerProps {
  value: number | null;
  onChange: (id: number | null) => void;
}

/** "Show as user": the users of the mandators the holder of the impersonate right sees. */
export function ShowAsPicker({ value, onChange }: ShowAsPickerProps) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const ownAreas = useAreas(null);
  const perMandator = oneAreaPerMandator(ownAreas.data ?? []);
  const results = useUsersOfAreas(
    perMandator.map((entry) => entry.areaId),
    true,
  );
  const groups = groupUsersByMandator(
    perMandator.map((entry, index) => ({ mandator: entry.mandator, users: results[index]?.data ?? [] })),
    user?.id,
  );
  const loading = ownAreas.isPending || results.some((result) => result.isPending);
  return (
    <Select
      label={t('areas.showAs.label')}
      placeholder={loading ? t('areas.showAs.loading') : t('areas.showAs.placeholder')}
      data={groups}
      value={value === null ? null : String(value)}
      onChange={(next) => onChange(next ? Number(next) : null)}
      clearable
      searchable
      nothingFoundMessage={t('areas.showAs.nothingFound')}
      w={320}
      maw="100%"
      comboboxProps={{ withinPortal: true }}
    />
  );
}
