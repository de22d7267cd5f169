import { Alert, Button, Center, CloseButton, Grid, Group, Loader, Stack, Title } from '@mantine/core';
import type { AreaView } from '@rope/domain/hierarchy/views';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlusIcon } from '../../../components/icons';
import { LimitedTextInput } from '../../../components/limited-input';
import { Redirect } from '../../../components/redirect';
import { useCan, useSessionUser } from '../../../lib/session/session';
import { useAreaPositions, useAreas } from '../api';
import { filterAreas } from '../area-filter';
import { AreaDialog, type AreaDialogTarget } from '../components/area-dialog';
import { AreasMap } from '../components/areas-map';
import { AreasTable } from '../components/areas-table';
import { ShowAsPicker } from '../components/show-as-picker';
import { useShowAs } from '../show-as';

/** /areas: search, the table of areas and the map of their markers. */
export function AreasPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const canAdd = useCan('AREA_FULL_EDIT');
  const canEdit = useCan('AREA_PARTIAL_EDIT');
  const { allowed: mayShowAs, showAs, choose } = useShowAs();
  const single = Boolean(user?.isSingleArea && user.singleAreaId !== null);
  const areas = useAreas(showAs, !single);
  const positions = useAreaPositions(showAs);
  const [search, setSearch] = useState('');
  const [hovered, setHovered] = useState<number | null>(null);
  const [dialog, setDialog] = useState<AreaDialogTarget | null>(null);

  if (single) return <Redirect to={`/areas/${user?.singleAreaId}`} />;

  const showMandator = Boolean(user?.isAdmin);
  const shown = filterAreas(areas.data ?? [], search, showMandator);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={1}>{t('areas.title')}</Title>
        <Group gap="sm" align="flex-end" wrap="wrap">
          {mayShowAs ? <ShowAsPicker value={showAs} onChange={choose} /> : null}
          {canAdd ? (
            <Button leftSection={<PlusIcon />} onClick={() => setDialog({ mode: 'new' })}>
              {t('common.actions.add')}
            </Button>
          ) : null}
        </Group>
      </Group>
      <LimitedTextInput
        type="search"
        aria-label={t('areas.search.label')}
        placeholder={t('areas.search.placeholder')}
        value={search}
        limit={200}
        onChange={(event) => setSearch(event.currentTarget.value)}
        rightSection={
          search ? <CloseButton aria-label={t('areas.search.clear')} onClick={() => setSearch('')} /> : null
        }
        w={360}
        maw="100%"
      />
      {areas.isError ? <Alert color="red">{t('areas.loadError')}</Alert> : null}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 5 }}>
          {areas.isPending ? (
            <Center py="xl">
              <Loader aria-label={t('common.loading')} />
            </Center>
          ) : (
            <AreasTable
              areas={shown}
              showMandator={showMandator}
              canEdit={canEdit}
              highlightedId={hovered}
              onHover={setHovered}
              onEdit={(area: AreaView) => setDialog({ mode: 'edit', area })}
            />
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <AreasMap areas={shown} positions={positions.data ?? []} highlightedId={hovered} onHover={setHovered} />
        </Grid.Col>
      </Grid>
      <AreaDialog target={dialog} onClose={() => setDialog(null)} />
    </Stack>
  );
}
