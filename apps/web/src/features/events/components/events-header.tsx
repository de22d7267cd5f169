import { Badge, CloseButton, Group, Select, Switch, Title } from '@mantine/core';
import { EVENT_SEARCH_MAX_LENGTH } from '@rope/domain/events/kinds';
import { useTranslation } from 'react-i18next';
import { LimitedTextInput } from '../../../components/limited-input';
import { useFormat } from '../../../lib/format';
import { EVENT_PAGE_SIZES } from '../events-query';
import type { RopeFilters } from '../rope-filters';

interface EventsHeaderProps {
  title: string;
  archived: boolean;
  onArchivedChange: (archived: boolean) => void;
  search: string;
  onSearchChange: (search: string) => void;
  pageSize: number;
  onPageSizeChange: (pageSize: number) => void;
  filters: RopeFilters;
  onClearZoom: () => void;
  onClearDamageFilter: () => void;
}

/** Title, archived switch, search, page size, and the filters the charts set (each clearable). */
export function EventsHeader(props: EventsHeaderProps) {
  const { title, archived, onArchivedChange, search, onSearchChange, pageSize, onPageSizeChange, filters } = props;
  const { t } = useTranslation();
  const fmt = useFormat();
  const metres = fmt.position;
  const filterBadge = (label: string, onClear: () => void, clearLabel: string) => (
    <Badge
      variant="light"
      size="lg"
      tt="none"
      rightSection={<CloseButton size="xs" aria-label={clearLabel} onClick={onClear} />}
    >
      {label}
    </Badge>
  );
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
      <Group gap="md" align="center" wrap="wrap">
        <Title order={2} size="h3">
          {title}
        </Title>
        <Switch
          label={t('events.table.showArchived')}
          checked={archived}
          onChange={(event) => onArchivedChange(event.currentTarget.checked)}
        />
        {filters.zoom
          ? filterBadge(
              t('events.filters.zoom', { from: metres(filters.zoom.from), to: metres(filters.zoom.to) }),
              props.onClearZoom,
              t('events.filters.clearZoom'),
            )
          : null}
        {filters.damageFilter
          ? filterBadge(
              t(`events.filters.damage.${filters.damageFilter}`),
              props.onClearDamageFilter,
              t('events.filters.clearDamageFilter'),
            )
          : null}
      </Group>
      <Group gap="sm" wrap="wrap">
        <LimitedTextInput
          type="search"
          aria-label={t('events.search.label')}
          placeholder={t('events.search.placeholder')}
          value={search}
          limit={EVENT_SEARCH_MAX_LENGTH}
          onChange={(event) => onSearchChange(event.currentTarget.value)}
          rightSection={
            search ? (
              <CloseButton aria-label={t('common.actions.clearSearch')} onClick={() => onSearchChange('')} />
            ) : null
          }
          w={240}
        />
        <Select
          aria-label={t('events.table.pageSize')}
          data={EVENT_PAGE_SIZES.map((size) => ({
            value: String(size),
            label: size === 0 ? t('events.table.all') : String(size),
          }))}
          value={String(pageSize)}
          onChange={(value) => value !== null && onPageSizeChange(Number(value))}
          allowDeselect={false}
          w={90}
        />
      </Group>
    </Group>
  );
}
