import { Button, Center, Grid, Group, Loader, Stack, Switch, Title } from '@mantine/core';
import { parseId } from '@rope/domain/ids';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { HierarchyBreadcrumb } from '../../../components/breadcrumb';
import { BackIcon, SettingsIcon } from '../../../components/icons';
import { LoadFailedScreen } from '../../../components/screen-alert';
import { useCan } from '../../../lib/session/session';
import { useArea } from '../../areas';
import { TargetDocuments } from '../../documents';
import { FieldSwitch } from '../../field';
import {
  BellIcon,
  NotificationSettingsDialog,
  NotificationStatusButton,
  NotificationsTable,
} from '../../notifications';
import { useInstallation } from '../api';
import { InstallationEventsTable } from '../components/installation-events-table';
import { InstallationImageMap } from '../components/installation-image-map';
import { InstallationRopeList } from '../components/installation-rope-list';
import { InstallationSettingsDialog } from '../components/installation-settings-dialog';

/** /areas/:areaId/installations/:installationId: an installation with its ropes, map, events and settings. */
export function InstallationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const areaId = parseId(params.areaId);
  const installationId = parseId(params.installationId);
  const [search, setSearch] = useSearchParams();
  const archived = search.get('archived') === '1';
  const area = useArea(areaId);
  const installation = useInstallation(installationId);
  const canEdit = useCan('AREA_PARTIAL_EDIT');
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [notificationSettingsOpen, setNotificationSettingsOpen] = useState(false);
  const [hovered, setHovered] = useState<number | null>(null);

  if (installation.isPending || area.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (!installation.data || !area.data) {
    return (
      <LoadFailedScreen
        error={installation.error ?? area.error}
        notFoundText={t('installations.detail.notFound')}
        loadErrorText={t('installations.detail.loadError')}
      />
    );
  }
  const current = installation.data;
  const writable = canEdit && !current.isDeleted && !area.data.isDeleted;
  const hasImageMap = Boolean(current.attributes.isMap && current.attributes.mapImageUri) && !archived;
  return (
    <Stack gap="md">
      <HierarchyBreadcrumb area={area.data} installation={current} />
      <Group justify="space-between" wrap="wrap">
        <Group gap="sm">
          <Button variant="subtle" leftSection={<BackIcon />} onClick={() => navigate(`/areas/${areaId}`)}>
            {t('installations.detail.back')}
          </Button>
          <Title order={1}>
            {current.isDeleted ? t('areas.breadcrumb.archived', { name: current.name }) : current.name}
          </Title>
        </Group>
        <Group gap="sm">
          <Switch
            label={t('areas.detail.showArchived')}
            checked={archived}
            onChange={(event) => setSearch(event.currentTarget.checked ? { archived: '1' } : {}, { replace: true })}
          />
          <Button variant="default" leftSection={<SettingsIcon size={18} />} onClick={() => setSettingsOpen(true)}>
            {writable ? t('installations.settings.title') : t('common.actions.showSettings')}
          </Button>
          {writable ? (
            <Button variant="default" leftSection={<BellIcon />} onClick={() => setNotificationSettingsOpen(true)}>
              {t('notifications.settings.title')}
            </Button>
          ) : null}
          <NotificationStatusButton installation={current} />
          <FieldSwitch kind="installation" id={current.id} name={current.name} />
        </Group>
      </Group>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: hasImageMap ? 5 : 12 }}>
          <InstallationRopeList
            areaId={areaId}
            installation={current}
            archived={archived}
            writable={writable}
            highlightedId={hovered}
            onHover={setHovered}
          />
        </Grid.Col>
        {hasImageMap ? (
          <Grid.Col span={{ base: 12, md: 7 }}>
            <InstallationImageMap
              areaId={areaId}
              installation={current}
              writable={writable}
              highlightedId={hovered}
              onHover={setHovered}
            />
          </Grid.Col>
        ) : null}
      </Grid>
      <TargetDocuments
        targetType="installation"
        targetId={installationId}
        archived={current.isDeleted || area.data.isDeleted}
      />
      <InstallationEventsTable areaId={areaId} installationId={installationId} />
      <NotificationsTable areaId={areaId} installationId={installationId} />
      <InstallationSettingsDialog
        installation={current}
        opened={settingsOpen}
        readOnly={!writable}
        onClose={() => setSettingsOpen(false)}
        onDeleted={() => navigate(`/areas/${areaId}`, { replace: true })}
      />
      <NotificationSettingsDialog
        installation={current}
        areaId={areaId}
        opened={notificationSettingsOpen && writable}
        onClose={() => setNotificationSettingsOpen(false)}
      />
    </Stack>
  );
}
