import { Button, Center, Group, Loader, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { HierarchyBreadcrumb } from '../../../components/breadcrumb';
import { ScreenAlert } from '../../../components/screen-alert';
import { ApiError } from '../../../lib/api-client';
import { useArea } from '../../areas/api';
import { BackIcon } from '../../areas/components/hierarchy-icons';
import { useCan, useSessionUser } from '../../auth/session';
import { RopeDamageSection } from '../../events/components/rope-damage-section';
import { RopeEventsSection } from '../../events/components/rope-events-section';
import { useInstallation } from '../../installations/api';
import { SettingsIcon } from '../../shell/components/icons';
import { RopeTasksSection } from '../../tasks/components/rope-tasks-section';
import { useRope } from '../api';
import { RopeSettingsDialog } from '../components/rope-settings-dialog';
import { RopeSummary } from '../components/rope-summary';

/** /areas/:areaId/installations/:installationId/ropes/:ropeId: the frame of the rope page. */
export function RopePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const areaId = Number(params.areaId);
  const installationId = Number(params.installationId);
  const area = useArea(areaId);
  const installation = useInstallation(installationId);
  const rope = useRope(Number(params.ropeId));
  const session = useSessionUser();
  const canEdit = useCan('AREA_PARTIAL_EDIT');
  const canWriteDomain = useCan('DOMAIN_WRITE');
  const [settingsOpen, setSettingsOpen] = useState(false);

  if (rope.isPending || installation.isPending || area.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('areas.loading')} />
      </Center>
    );
  }
  if (!rope.data || !installation.data || !area.data) {
    const error = rope.error ?? installation.error ?? area.error;
    const missing = error instanceof ApiError && error.status === 404;
    return (
      <ScreenAlert
        title={missing ? t('shell.notFound.title') : t('app.error.title')}
        color={missing ? 'yellow' : 'red'}
      >
        {missing ? t('ropes.detail.notFound') : t('ropes.detail.loadError')}
      </ScreenAlert>
    );
  }
  const current = rope.data;
  const archived = current.isDeleted || installation.data.isDeleted || area.data.isDeleted;
  const installationPath = `/areas/${areaId}/installations/${installationId}`;
  return (
    <Stack gap="md">
      <HierarchyBreadcrumb area={area.data} installation={installation.data} rope={current} />
      <Group justify="space-between" wrap="wrap">
        <Group gap="sm">
          <Button variant="subtle" leftSection={<BackIcon />} onClick={() => navigate(installationPath)}>
            {t('installations.detail.back')}
          </Button>
          <Title order={1}>
            {current.isDeleted ? t('areas.breadcrumb.archived', { name: current.name }) : current.name}
          </Title>
        </Group>
        <Button variant="default" leftSection={<SettingsIcon size={18} />} onClick={() => setSettingsOpen(true)}>
          {canEdit && !archived ? t('ropes.detail.settings') : t('ropes.detail.showSettings')}
        </Button>
      </Group>
      <RopeSummary rope={current} />
      <RopeDamageSection rope={current} />
      <RopeTasksSection
        rope={current}
        areaId={areaId}
        readOnly={archived || !canWriteDomain || Boolean(session?.isLive)}
      />
      <RopeEventsSection rope={current} readOnly={archived || !canWriteDomain || Boolean(session?.isLive)} />
      <RopeSettingsDialog
        rope={current}
        opened={settingsOpen}
        readOnly={archived || !canEdit}
        onClose={() => setSettingsOpen(false)}
        onDeleted={() => navigate(installationPath, { replace: true })}
      />
    </Stack>
  );
}
