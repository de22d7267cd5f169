import { Button, Center, Grid, Group, Loader, Stack, Switch, Title } from '@mantine/core';
import type { InstallationView } from '@rope/domain/hierarchy/views';
import { parseId } from '@rope/domain/ids';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { HierarchyBreadcrumb } from '../../../components/breadcrumb';
import { SettingsIcon } from '../../../components/icons';
import { LoadFailedScreen } from '../../../components/screen-alert';
import { useCan } from '../../../lib/session/session';
import { TargetDocuments } from '../../documents';
import { InstallationList } from '../../installations';
import { useArea } from '../api';
import { AreaDialog, type AreaDialogTarget } from '../components/area-dialog';
import { AreaMapPanel } from '../components/area-map-panel';

/** /areas/:areaId: the installations of an area, its map and settings. */
export function AreaPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const areaId = parseId(useParams().areaId);
  const [params, setParams] = useSearchParams();
  const archived = params.get('archived') === '1';
  const area = useArea(areaId);
  const canSettings = useCan('AREA_PARTIAL_EDIT');
  const [dialog, setDialog] = useState<AreaDialogTarget | null>(null);
  const [hovered, setHovered] = useState<number | null>(null);
  const [placing, setPlacing] = useState<InstallationView | null>(null);

  if (area.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (!area.data) {
    return (
      <LoadFailedScreen
        error={area.error}
        notFoundText={t('areas.detail.notFound')}
        loadErrorText={t('areas.loadError')}
      />
    );
  }
  const current = area.data;
  const showMap = current.isMap && !archived;
  return (
    <Stack gap="md">
      <HierarchyBreadcrumb area={current} />
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>
          {current.isDeleted ? t('areas.breadcrumb.archived', { name: current.name }) : current.name}
        </Title>
        <Group gap="sm">
          <Switch
            label={t('areas.detail.showArchived')}
            checked={archived}
            onChange={(event) => setParams(event.currentTarget.checked ? { archived: '1' } : {}, { replace: true })}
          />
          {canSettings ? (
            <Button
              variant="default"
              leftSection={<SettingsIcon size={18} />}
              onClick={() => setDialog({ mode: 'edit', area: current })}
            >
              {t('common.actions.settings')}
            </Button>
          ) : null}
        </Group>
      </Group>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: showMap ? 5 : 12 }}>
          <InstallationList
            area={current}
            archived={archived}
            highlightedId={hovered}
            onHover={setHovered}
            onPlace={setPlacing}
          />
        </Grid.Col>
        {showMap ? (
          <Grid.Col span={{ base: 12, md: 7 }}>
            <AreaMapPanel
              area={current}
              highlightedId={hovered}
              onHover={setHovered}
              placing={placing}
              onPlacingDone={() => setPlacing(null)}
            />
          </Grid.Col>
        ) : null}
      </Grid>
      <TargetDocuments targetType="area" targetId={areaId} archived={current.isDeleted} />
      <AreaDialog target={dialog} onClose={() => setDialog(null)} onDeleted={() => navigate('/areas')} />
    </Stack>
  );
}
