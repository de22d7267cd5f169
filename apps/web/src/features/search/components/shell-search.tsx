import { ActionIcon, Anchor, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { SEARCH_FILTER_DELAY_MS, SEARCH_FILTER_MAX } from '@rope/domain/search/kinds';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DeferredPopover } from '../../../components/deferred-popover';
import { SearchIcon } from '../../../components/icons';
import { searchFilter, useSearch } from '../api';

/** How many results the box shows under itself; the search page shows them all. */
const BOX_RESULTS = 8;

/** The shell's one search box: results appear 50 ms after the last key; Enter opens the search page. */
export function ShellSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [opened, setOpened] = useState(false);
  // The results' popover loads with the box's first focus, not with every page.
  const [focused, setFocused] = useState(false);
  const [input, setInput] = useState<HTMLInputElement | null>(null);
  const [filter] = useDebouncedValue(text, SEARCH_FILTER_DELAY_MS);
  const search = useSearch(filter);
  const results = search.data ?? [];
  const active = searchFilter(filter) !== '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOpened(false);
    navigate(`/search?${new URLSearchParams({ filter: searchFilter(text) })}`);
  };
  const leave = () => {
    setOpened(false);
    setText('');
  };

  return (
    <search aria-label={t('search.title')}>
      <form onSubmit={submit}>
        <TextInput
          ref={setInput}
          size="xs"
          w={{ base: 140, md: 240 }}
          aria-label={t('search.box')}
          placeholder={t('search.placeholder')}
          maxLength={SEARCH_FILTER_MAX}
          value={text}
          leftSection={<SearchIcon />}
          rightSection={search.isFetching ? <Loader size={12} aria-hidden="true" /> : null}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setOpened(true);
          }}
          onFocus={() => {
            setFocused(true);
            setOpened(true);
          }}
          onBlur={() => window.setTimeout(() => setOpened(false), 150)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setOpened(false);
          }}
        />
        <DeferredPopover
          target={input}
          load={focused}
          opened={opened && active}
          position="bottom-start"
          width={360}
          shadow="md"
          withinPortal
          withRoles={false}
        >
          <Stack gap={4} aria-live="polite">
            {search.isError ? (
              <Text size="sm" c="red">
                {t('search.loadError')}
              </Text>
            ) : null}
            {search.data && results.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('search.empty')}
              </Text>
            ) : null}
            {results.slice(0, BOX_RESULTS).map((result) => (
              <Anchor
                key={`${result.type}-${result.id}`}
                component={Link}
                to={result.url}
                onClick={leave}
                size="sm"
                underline="hover"
              >
                <Text span fw={600} size="sm">
                  {result.name}
                </Text>{' '}
                <Text span size="xs" c="dimmed">
                  {t(`search.types.${result.type}`)}
                  {result.context ? ` · ${result.context}` : ''}
                </Text>
              </Anchor>
            ))}
            {results.length > 0 ? (
              <Anchor
                component={Link}
                to={`/search?${new URLSearchParams({ filter: searchFilter(filter) })}`}
                onClick={leave}
                size="xs"
              >
                {t('search.showAll')}
              </Anchor>
            ) : null}
          </Stack>
        </DeferredPopover>
      </form>
    </search>
  );
}

/** On narrow screens the box gives way to a button that opens the search page. */
export function ShellSearchButton() {
  const { t } = useTranslation();
  return (
    <ActionIcon component={Link} to="/search" variant="subtle" size="lg" aria-label={t('search.title')}>
      <SearchIcon />
    </ActionIcon>
  );
}
