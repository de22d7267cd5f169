import { Alert, Anchor, Center, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { SEARCH_FILTER_DELAY_MS, SEARCH_FILTER_MAX } from '@rope/domain/search/kinds';
import type { SearchEntry } from '@rope/domain/search/views';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { type ColumnDef, DataTable } from '../../../components/data-table';
import { SearchIcon } from '../../../components/icons';
import { searchFilter, useSearch } from '../api';

/** /search?filter=: every result with its name (the link to it), section and type. */
export function SearchPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const fromUrl = params.get('filter') ?? '';
  const [text, setText] = useState(fromUrl);
  const [filter] = useDebouncedValue(text, SEARCH_FILTER_DELAY_MS);
  const search = useSearch(filter);
  const active = searchFilter(filter) !== '';

  // The shell's box sends a new filter through the address; typing here writes it back (replacing the entry).
  useEffect(() => setText(fromUrl), [fromUrl]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new filter writes the address, not a new address
  useEffect(() => {
    if (filter !== fromUrl) setParams(filter ? { filter } : {}, { replace: true });
  }, [filter]);

  return (
    <Stack gap="md">
      <Title order={1}>{t('search.title')}</Title>
      <TextInput
        label={t('search.filter')}
        placeholder={t('search.placeholder')}
        maxLength={SEARCH_FILTER_MAX}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        leftSection={<SearchIcon />}
        maw={480}
        data-autofocus
      />
      <Paper withBorder p="md" radius="md" aria-live="polite">
        {!active ? <Text c="dimmed">{t('search.noFilter')}</Text> : null}
        {active && search.isPending ? (
          <Center>
            <Loader size="sm" aria-label={t('app.loading')} />
          </Center>
        ) : null}
        {active && search.isError ? <Alert color="red">{t('search.loadError')}</Alert> : null}
        {active && search.data?.length === 0 ? <Text c="dimmed">{t('search.empty')}</Text> : null}
        {active && search.data && search.data.length > 0 ? <SearchResults results={search.data} /> : null}
      </Paper>
    </Stack>
  );
}

/** The results: the name opens the result; on a phone the rows stack, so nothing sits off-screen. */
function SearchResults({ results }: { results: SearchEntry[] }) {
  const { t } = useTranslation();
  const columns = useMemo<ColumnDef<SearchEntry, unknown>[]>(
    () => [
      {
        id: 'name',
        header: t('search.columns.name'),
        cell: ({ row }) => (
          <Stack gap={0}>
            <Anchor component={Link} to={row.original.url} size="sm" fw={600}>
              {row.original.name}
            </Anchor>
            {row.original.context ? (
              <Text size="xs" c="dimmed">
                {row.original.context}
              </Text>
            ) : null}
          </Stack>
        ),
      },
      {
        id: 'section',
        header: t('search.columns.section'),
        cell: ({ row }) => t(`search.sections.${row.original.section}`),
      },
      { id: 'type', header: t('search.columns.type'), cell: ({ row }) => t(`search.types.${row.original.type}`) },
    ],
    [t],
  );
  return (
    <DataTable
      label={t('search.results')}
      minWidth={420}
      data={results}
      columns={columns}
      getRowId={(result) => `${result.type}-${result.id}`}
      emptyText={t('search.empty')}
    />
  );
}
