import { Alert, Button, Center, Group, Loader, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { CLICK_DELAY_ROPE_INSTALLATION_MS } from '@rope/domain/hierarchy/maps';
import type { InstallationView, RopeView } from '@rope/domain/hierarchy/views';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PlusIcon } from '../../../components/icons';
import { ropeSettingsPath } from '../../../lib/hierarchy-paths';
import { ArchiveButton, HierarchyList } from '../../areas';
import { RopeNotificationDialog, RopeNotificationIcon } from '../../notifications';
import { useCreateRope, useReorderRopes, useRopes, useUpdateRope } from '../../ropes';

interface RopeListProps {
  areaId: number;
  installation: InstallationView;
  archived: boolean;
  /** AREA_PARTIAL_EDIT on a live (not archived) installation. */
  writable: boolean;
  highlightedId: number | null;
  onHover: (id: number | null) => void;
}

/**
 * The ropes of an installation: add ("Rope N"), archive or restore, drag to reorder, 400 ms click opens; each live
 * rope carries a bell for its notification status (the ropes feature's RopeList plus that bell).
 */
export function InstallationRopeList({
  areaId,
  installation,
  archived,
  writable,
  highlightedId,
  onHover,
}: RopeListProps) {
  const { t } = useTranslation();
  const installationId = installation.id;
  const [statusRope, setStatusRope] = useState<RopeView | null>(null);
  const navigate = useNavigate();
  const ropes = useRopes(installationId, archived);
  const create = useCreateRope(installationId);
  const update = useUpdateRope();
  const reorder = useReorderRopes(installationId);

  const add = () =>
    create.mutate(undefined, {
      onSuccess: (rope) => notifications.show({ color: 'green', message: t('ropes.list.added', { name: rope.name }) }),
      onError: () => notifications.show({ color: 'red', message: t('ropes.list.addError') }),
    });
  const setArchived = (rope: RopeView, isDeleted: boolean) =>
    update.mutate(
      { id: rope.id, rope: { isDeleted } },
      {
        onSuccess: () =>
          notifications.show({
            color: 'green',
            message: t(isDeleted ? 'ropes.archive.done' : 'ropes.archive.restored', { name: rope.name }),
          }),
        onError: () => notifications.show({ color: 'red', message: t('ropes.archive.error') }),
      },
    );

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={2} size="h3">
          {archived ? t('ropes.list.archivedTitle') : t('ropes.list.title')}
        </Title>
        {writable && !archived ? (
          <Button size="sm" leftSection={<PlusIcon />} onClick={add} loading={create.isPending}>
            {t('common.actions.add')}
          </Button>
        ) : null}
      </Group>
      {ropes.isError ? <Alert color="red">{t('ropes.list.loadError')}</Alert> : null}
      {ropes.isPending ? (
        <Center py="lg">
          <Loader aria-label={t('ropes.list.loading')} />
        </Center>
      ) : (
        <HierarchyList
          items={ropes.data ?? []}
          label={t('ropes.list.title')}
          emptyText={archived ? t('installations.list.archivedEmpty') : t('ropes.list.empty')}
          sortable={writable && !archived}
          clickDelayMs={CLICK_DELAY_ROPE_INSTALLATION_MS}
          onOpen={(rope) => navigate(`/areas/${areaId}/installations/${installationId}/ropes/${rope.id}`)}
          gaugeHref={(rope) => ropeSettingsPath(areaId, installationId, rope.id)}
          onReorder={(next, id, beforeId) =>
            reorder.mutate(
              { id, beforeId, next },
              { onError: () => notifications.show({ color: 'red', message: t('common.moveError') }) },
            )
          }
          dragLabel={(rope) => t('common.actions.dragHandle', { name: rope.name })}
          highlightedId={highlightedId}
          onHover={onHover}
          renderActions={(rope) => (
            <>
              {archived ? null : (
                <RopeNotificationIcon installation={installation} rope={rope} onOpen={setStatusRope} />
              )}
              {writable ? (
                <ArchiveButton
                  archived={archived}
                  name={rope.name}
                  kind="rope"
                  onConfirm={() => setArchived(rope, !archived)}
                />
              ) : null}
            </>
          )}
        />
      )}
      <RopeNotificationDialog installation={installation} rope={statusRope} onClose={() => setStatusRope(null)} />
    </Stack>
  );
}
