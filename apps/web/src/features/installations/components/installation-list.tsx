import { ActionIcon, Alert, Button, Center, Group, Loader, Stack, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { CLICK_DELAY_ROPE_INSTALLATION_MS } from '@rope/domain/hierarchy/maps';
import type { AreaView, InstallationView } from '@rope/domain/hierarchy/views';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PinIcon, PlusIcon } from '../../../components/icons';
import { MAP_DRAG_TYPE } from '../../../components/map/lazy-map';
import { useCan } from '../../../lib/session/session';
import { ArchiveButton, HierarchyList } from '../../areas';
import { useCreateInstallation, useInstallations, useReorderInstallations, useUpdateInstallation } from '../api';

interface InstallationListProps {
  area: AreaView;
  archived: boolean;
  highlightedId: number | null;
  onHover: (id: number | null) => void;
  /** Admins place an installation on the area map: drag the pin there, or click it and then the map. */
  onPlace?: (installation: InstallationView) => void;
}

export function InstallationList({ area, archived, highlightedId, onHover, onPlace }: InstallationListProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canWrite = useCan('AREA_PARTIAL_EDIT') && !area.isDeleted;
  const canPlace = useCan('MAP_EDIT') && area.isMap && !archived && !area.isDeleted && Boolean(onPlace);
  const installations = useInstallations(area.id, archived);
  const create = useCreateInstallation(area.id);
  const update = useUpdateInstallation();
  const reorder = useReorderInstallations(area.id);

  const add = () =>
    create.mutate(undefined, {
      onSuccess: (installation) =>
        notifications.show({ color: 'green', message: t('installations.list.added', { name: installation.name }) }),
      onError: () => notifications.show({ color: 'red', message: t('installations.list.addError') }),
    });
  const setArchived = (installation: InstallationView, isDeleted: boolean) =>
    update.mutate(
      { id: installation.id, installation: { isDeleted } },
      {
        onSuccess: () =>
          notifications.show({
            color: 'green',
            message: t(isDeleted ? 'installations.archive.done' : 'installations.archive.restored', {
              name: installation.name,
            }),
          }),
        onError: () => notifications.show({ color: 'red', message: t('installations.archive.error') }),
      },
    );

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={2} size="h3">
          {archived ? t('installations.list.archivedTitle') : t('installations.list.title')}
        </Title>
        {canWrite && !archived ? (
          <Button size="sm" leftSection={<PlusIcon />} onClick={add} loading={create.isPending}>
            {t('common.actions.add')}
          </Button>
        ) : null}
      </Group>
      {installations.isError ? <Alert color="red">{t('installations.list.loadError')}</Alert> : null}
      {installations.isPending ? (
        <Center py="lg">
          <Loader aria-label={t('installations.list.loading')} />
        </Center>
      ) : (
        <HierarchyList
          items={installations.data ?? []}
          label={t('installations.list.title')}
          emptyText={archived ? t('installations.list.archivedEmpty') : t('installations.list.empty')}
          sortable={canWrite && !archived}
          clickDelayMs={CLICK_DELAY_ROPE_INSTALLATION_MS}
          onOpen={(installation) => navigate(`/areas/${area.id}/installations/${installation.id}`)}
          ofRopesBelow
          onReorder={(next, id, beforeId) =>
            reorder.mutate(
              { id, beforeId, next },
              { onError: () => notifications.show({ color: 'red', message: t('common.moveError') }) },
            )
          }
          dragLabel={(installation) => t('common.actions.dragHandle', { name: installation.name })}
          highlightedId={highlightedId}
          onHover={onHover}
          renderLeading={
            canPlace
              ? (installation) => (
                  <Tooltip label={t('installations.list.placeOnMap', { name: installation.name })}>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('installations.list.placeOnMap', { name: installation.name })}
                      draggable
                      onDragStart={(event) => {
                        event.dataTransfer.setData(MAP_DRAG_TYPE, String(installation.id));
                        event.dataTransfer.effectAllowed = 'move';
                      }}
                      onClick={(event) => {
                        event.stopPropagation();
                        onPlace?.(installation);
                      }}
                      style={{ cursor: 'grab' }}
                    >
                      <PinIcon />
                    </ActionIcon>
                  </Tooltip>
                )
              : undefined
          }
          renderActions={
            canWrite
              ? (installation) => (
                  <ArchiveButton
                    archived={archived}
                    name={installation.name}
                    kind="installation"
                    onConfirm={() => setArchived(installation, !archived)}
                  />
                )
              : undefined
          }
        />
      )}
    </Stack>
  );
}
