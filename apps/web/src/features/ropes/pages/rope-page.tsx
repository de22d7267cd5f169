import { Alert, Button, Center, Group, Loader, Stack, Title } from '@mantine/core';
import { parseId } from '@rope/domain/ids';
import { lazy, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { HierarchyBreadcrumb } from '../../../components/breadcrumb';
import { BackIcon, SettingsIcon } from '../../../components/icons';
import { NearViewport } from '../../../components/near-viewport';
import { OpenedOnce } from '../../../components/opened-once';
import { LoadFailedScreen } from '../../../components/screen-alert';
import { useAddressParams } from '../../../lib/address-params';
import { ROPE_SETTINGS_PARAM } from '../../../lib/hierarchy-paths';
import { useCan, useSessionUser } from '../../../lib/session/session';
import { useArea } from '../../areas';
import { TargetDocuments } from '../../documents';
import { RopeDamageSection } from '../../events';
import { DataAge, FieldSwitch, useFieldCache, useFieldSettled } from '../../field';
import { useInstallation } from '../../installations';
import { NotificationStatusButton } from '../../notifications';
import { useRope } from '../api';
import { RopeDeviceInfo } from '../components/rope-device-info';
import { RopeSummary } from '../components/rope-summary';

// Below the charts: their tables load when the page is scrolled near them (NearViewport).
const RopeTasksSection = lazy(() =>
  import('../../tasks/components/rope-tasks-section').then((module) => ({ default: module.RopeTasksSection })),
);
const RopeEventsSection = lazy(() =>
  import('../../events/components/rope-events-section').then((module) => ({ default: module.RopeEventsSection })),
);
const RopeSensorSections = lazy(() =>
  import('../../sensors/components/rope-sensor-sections').then((module) => ({ default: module.RopeSensorSections })),
);
const RopeSmartropeEvents = lazy(() =>
  import('../../smartropes/components/rope-smartrope-events').then((module) => ({
    default: module.RopeSmartropeEvents,
  })),
);
/** About the sections' heights with a few rows, so the page does not jump when they arrive. */
const SENSORS_MIN_HEIGHT = 160;
const TASKS_MIN_HEIGHT = 300;
const EVENTS_MIN_HEIGHT = 600;

const RopeSettingsDialog = lazy(() =>
  import('../components/rope-settings-dialog').then((module) => ({ default: module.RopeSettingsDialog })),
);

/** /areas/:areaId/installations/:installationId/ropes/:ropeId: the frame of the rope page. */
export function RopePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const areaId = parseId(params.areaId);
  const installationId = parseId(params.installationId);
  const area = useArea(areaId);
  const installation = useInstallation(installationId);
  const rope = useRope(parseId(params.ropeId));
  const session = useSessionUser();
  const canEdit = useCan('AREA_PARTIAL_EDIT');
  const canWriteDomain = useCan('DOMAIN_WRITE');
  // ?settings=open (ropeSettingsPath) opens the settings: the link of an unknown damage's gauge and notice.
  const [searchParams, setSearchParams] = useAddressParams();
  const [settingsOpen, setSettingsOpen] = useState(() => searchParams.get(ROPE_SETTINGS_PARAM) === 'open');
  const closeSettings = () => {
    setSettingsOpen(false);
    if (searchParams.has(ROPE_SETTINGS_PARAM))
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(ROPE_SETTINGS_PARAM);
          return next;
        },
        { replace: true },
      );
  };
  const askedForSettings = searchParams.get(ROPE_SETTINGS_PARAM) === 'open';
  // An opened rope is among the recent ones the device keeps for the field.
  const fieldCache = useFieldCache();
  const fieldSettled = useFieldSettled();
  const shownRopeId = rope.data?.id;
  useEffect(() => {
    if (fieldCache && shownRopeId !== undefined) void fieldCache.visit(shownRopeId).catch(() => {});
  }, [fieldCache, shownRopeId]);
  useEffect(() => {
    if (askedForSettings) setSettingsOpen(true);
  }, [askedForSettings]);

  // Without a signal, a page the device did not keep stays unanswered: said, not a spinner for ever.
  const notKept = [rope, installation, area].some((query) => query.isPending && query.fetchStatus === 'paused');
  if (notKept && fieldSettled) return <Alert color="yellow">{t('field.notKept')}</Alert>;
  if (rope.isPending || installation.isPending || area.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (!rope.data || !installation.data || !area.data) {
    return (
      <LoadFailedScreen
        error={rope.error ?? installation.error ?? area.error}
        notFoundText={t('ropes.detail.notFound')}
        loadErrorText={t('ropes.detail.loadError')}
      />
    );
  }
  const current = rope.data;
  const archived = current.isDeleted || installation.data.isDeleted || area.data.isDeleted;
  const installationPath = `/areas/${areaId}/installations/${installationId}`;
  // Who may not record on this rope (or not now) sees its tasks, events and smartrope events without changing them.
  const recordsReadOnly = archived || !canWriteDomain || Boolean(session?.isLive);
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
        <Group gap="sm" wrap="wrap">
          <NotificationStatusButton installation={installation.data} rope={current} />
          <FieldSwitch kind="rope" id={current.id} name={current.name} />
          <Button variant="default" leftSection={<SettingsIcon size={18} />} onClick={() => setSettingsOpen(true)}>
            {canEdit && !archived ? t('ropes.settings.title') : t('common.actions.showSettings')}
          </Button>
        </Group>
      </Group>
      <DataAge fetchedAt={rope.dataUpdatedAt} />
      <RopeSummary rope={current} />
      <RopeDeviceInfo rope={current} canRequest={!archived && canWriteDomain && !session?.isLive} />
      <RopeDamageSection rope={current} />
      <NearViewport title={t('sensors.section.title')} minHeight={SENSORS_MIN_HEIGHT}>
        <RopeSensorSections rope={current} />
        <RopeSmartropeEvents rope={current} readOnly={recordsReadOnly} />
      </NearViewport>
      <NearViewport title={t('tasks.section.title')} minHeight={TASKS_MIN_HEIGHT}>
        <RopeTasksSection rope={current} readOnly={recordsReadOnly} />
      </NearViewport>
      <NearViewport title={t('events.table.title')} minHeight={EVENTS_MIN_HEIGHT}>
        <RopeEventsSection
          rope={current}
          place={{ installation: installation.data, area: area.data }}
          readOnly={recordsReadOnly}
        />
      </NearViewport>
      <TargetDocuments
        targetType="rope"
        targetId={current.id}
        archived={archived}
        title={t('documents.widget.ropeTitle')}
      />
      <OpenedOnce open={settingsOpen}>
        <RopeSettingsDialog
          rope={current}
          opened={settingsOpen}
          readOnly={archived || !canEdit}
          onClose={closeSettings}
          onDeleted={() => navigate(installationPath, { replace: true })}
        />
      </OpenedOnce>
    </Stack>
  );
}
