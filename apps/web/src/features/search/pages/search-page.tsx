import { Alert, Anchor, Center, Loader, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { SEARCH_FILTER_DELAY_MS, SEARCH_FILTER_MAX } from '@rope/domain/search/kinds';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { SearchIcon } from '../../../components/icons';
import { searchFilter, useSearch } from '../api';

/** /search?filter=: every result with its name, section, type and a link. */
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
        {active && search.data && search.data.length > 0 ? (
          <Table.ScrollContainer minWidth={420}>
            <Table striped aria-label={t('search.results')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('search.columns.name')}</Table.Th>
                  <Table.Th>{t('search.columns.section')}</Table.Th>
                  <Table.Th>{t('search.columns.type')}</Table.Th>
                  <Table.Th>{t('search.columns.link')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {search.data.map((result) => (
                  <Table.Tr key={`${result.type}-${result.id}`}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {result.name}
                      </Text>
                      {result.context ? (
                        <Text size="xs" c="dimmed">
                          {result.context}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{t(`search.sections.${result.section}`)}</Table.Td>
                    <Table.Td>{t(`search.types.${result.type}`)}</Table.Td>
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={result.url}
                        aria-label={t('documents.actions.open', { name: result.name })}
                      >
                        {t('search.open')}
                      </Anchor>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}
      </Paper>
    </Stack>
  );
}
