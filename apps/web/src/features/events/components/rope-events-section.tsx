import { Alert, Group, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { RopeEventView } from '@rope/domain/events/views';
import type { AreaView, InstallationView, RopeView } from '@rope/domain/hierarchy/views';
import { type ReportKind, singleReportKind } from '@rope/domain/reports/kinds';
import { allowsMutations } from '@rope/domain/ropes/kinds';
import { lazy, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from '../../../components/confirm-delete';
import { OpenedOnce } from '../../../components/opened-once';
import { usePageParam } from '../../../components/use-page-param';
import { failureText } from '../../../lib/failure-text';
import { useCan, useSessionUser } from '../../../lib/session/session';
import { DataAge } from '../../field';
import { ReportButtons, ReportProgress, useReportMaker } from '../../reports';
import { usePatchEvent, useRopeEvents } from '../api';
import { clampEventPage, DEFAULT_EVENT_PAGE_SIZE, EVENT_SEARCH_DELAY_MS } from '../events-query';
import { positionRange, useRopeFilters } from '../rope-filters';
import type { EventDialogTarget } from './event-dialog-target';
import { EventsHeader } from './events-header';
import { EventsTable } from './events-table';
import { EventsToolbar } from './events-toolbar';
import { ExportEventsButton } from './export-events-button';
import { PendingEvents } from './pending-events';

const EventDialog = lazy(() => import('./event-dialog').then((module) => ({ default: module.EventDialog })));
const EventDetailsDialog = lazy(() =>
  import('./event-details-dialog').then((module) => ({ default: module.EventDetailsDialog })),
);
const MrtTraceDialog = lazy(() =>
  import('../../mrt/components/mrt-trace-dialog').then((module) => ({ default: module.MrtTraceDialog })),
);
const HistoryDialog = lazy(() => import('./history-dialog').then((module) => ({ default: module.HistoryDialog })));

interface RopeEventsSectionProps {
  rope: RopeView;
  /** The rope's installation and area: what every report's header names. */
  place: { installation: InstallationView; area: AreaView };
  readOnly: boolean;
}

/** The rope page's events: table, toolbar with the reports, event dialog. */
export function RopeEventsSection({ rope, place, readOnly }: RopeEventsSectionProps) {
  const { t } = useTranslation();
  const canWrite = useCan('DOMAIN_WRITE');
  const editable = !readOnly && canWrite && !rope.isDeleted;
  const { filters, update } = useRopeFilters();
  const [archived, setArchived] = useState(false);
  const [page, setPage] = usePageParam('eventsPage');
  const [pageSize, setPageSize] = useState<number>(DEFAULT_EVENT_PAGE_SIZE);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, EVENT_SEARCH_DELAY_MS);
  const [dialog, setDialog] = useState<EventDialogTarget | null>(null);
  const [details, setDetails] = useState<RopeEventView | null>(null);
  const [historyId, setHistoryId] = useState<number | null>(null);
  const [traceEvent, setTraceEvent] = useState<RopeEventView | null>(null);
  const patch = usePatchEvent(rope.id);
  const reports = useReportMaker();
  // Live sessions (a screen shown to the public) never offer reports.
  const live = Boolean(useSessionUser()?.isLive);
  const query = {
    archived,
    page,
    pageSize,
    search: debouncedSearch,
    ...positionRange(filters.zoom),
    damageFilter: filters.damageFilter ?? undefined,
  };
  const events = useRopeEvents(rope.id, query);
  const total = events.data?.total ?? 0;

  // A new filter starts at the first page; the page the address opened with stays.
  const filterKey = JSON.stringify([archived, debouncedSearch, pageSize, filters.zoom, filters.damageFilter]);
  const shownFilter = useRef(filterKey);
  useEffect(() => {
    if (shownFilter.current === filterKey) return;
    shownFilter.current = filterKey;
    setPage(1, { replace: true });
  }, [filterKey, setPage]);
  // After an archive the page may have run empty: step back to the last page with rows.
  useEffect(() => {
    if (!events.data || events.isPlaceholderData) return;
    const clamped = clampEventPage(page, pageSize, total);
    if (clamped !== page) setPage(clamped, { replace: true });
  }, [events.data, events.isPlaceholderData, page, pageSize, total, setPage]);

  const failed = useCallback(
    (error: unknown) =>
      notifications.show({ color: 'red', message: failureText(t, error, t('events.dialog.tryLater')) }),
    [t],
  );
  const onStatus = useCallback(
    (event: RopeEventView, actionStatus: RopeEventView['attributes']['actionStatus']) =>
      patch.mutate({ id: event.id, patch: { actionStatus } }, { onError: failed }),
    [patch.mutate, failed],
  );
  const onArchive = useCallback(
    (event: RopeEventView, archive: boolean) =>
      confirmDelete({
        title: archive ? t('events.archive.title') : t('events.archive.restoreTitle'),
        message: archive ? t('events.archive.confirm') : t('events.archive.restoreConfirm'),
        confirmLabel: archive ? t('common.actions.archive') : t('common.actions.restore'),
        cancelLabel: t('common.actions.cancel'),
        onConfirm: () =>
          patch.mutate(
            { id: event.id, patch: { isDeleted: archive } },
            {
              onSuccess: () =>
                notifications.show({
                  color: 'green',
                  message: archive ? t('events.archive.done') : t('events.archive.restored'),
                }),
              onError: failed,
            },
          ),
      }),
    [t, patch.mutate, failed],
  );
  const onOpen = useCallback((event: RopeEventView, mode: 'edit' | 'view') => setDialog({ mode, event }), []);

  const reportQuery = {
    archived,
    search: debouncedSearch,
    ...positionRange(filters.zoom),
    damageFilter: filters.damageFilter ?? undefined,
  };
  const makeReport = (kind: ReportKind, event?: RopeEventView) =>
    void reports.make({ kind, rope, event, query: event ? undefined : reportQuery, ...place });
  const makeReportRef = useRef(makeReport);
  makeReportRef.current = makeReport;
  const onReport = useCallback((event: RopeEventView) => {
    const kind = singleReportKind(event);
    if (kind) makeReportRef.current(kind, event);
  }, []);

  const filteredByZoom = filters.zoom !== null && total === 0;
  return (
    <Stack gap="md">
      <EventsHeader
        title={archived ? t('events.table.titleArchived') : t('events.table.title')}
        archived={archived}
        onArchivedChange={setArchived}
        search={search}
        onSearchChange={setSearch}
        pageSize={pageSize}
        onPageSizeChange={setPageSize}
        filters={filters}
        onClearZoom={() => update({ zoom: null })}
        onClearDamageFilter={() => update({ damageFilter: null })}
      />
      <DataAge fetchedAt={events.dataUpdatedAt} testId="section-age" />
      <Group gap="sm" wrap="wrap">
        {live ? null : <ReportButtons busy={reports.progress !== null} onReport={(kind) => makeReport(kind)} />}
        <ExportEventsButton ropeId={rope.id} positionOffset={rope.attributes.positionOffset} query={reportQuery} />
      </Group>
      <ReportProgress progress={reports.progress} />
      {editable ? (
        <EventsToolbar
          ropeId={rope.id}
          allowsMutations={allowsMutations(rope.attributes)}
          onAdd={(recordingType) => setDialog({ mode: 'new', recordingType })}
          onImported={(parsed) => setDialog({ mode: 'import', parsed })}
        />
      ) : null}
      <PendingEvents ropeId={rope.id} />
      {events.isError ? <Alert color="red">{t('events.table.loadError')}</Alert> : null}
      <EventsTable
        events={events.data?.ropeEvents ?? []}
        loading={events.isPending || events.isPlaceholderData}
        editable={editable}
        title={archived ? t('events.table.titleArchived') : t('events.table.title')}
        emptyText={filteredByZoom ? t('events.table.emptyZoom') : t('events.table.empty')}
        page={page}
        pageSize={pageSize}
        total={total}
        onPageChange={setPage}
        onStatus={onStatus}
        onDetails={setDetails}
        onOpen={onOpen}
        onArchive={onArchive}
        onTrace={setTraceEvent}
        onReport={live ? undefined : onReport}
        positionOffset={rope.attributes.positionOffset}
      />
      <OpenedOnce open={dialog !== null}>
        <EventDialog rope={rope} target={dialog} onClose={() => setDialog(null)} onHistory={setHistoryId} />
      </OpenedOnce>
      <OpenedOnce open={details !== null}>
        <EventDetailsDialog rope={rope} event={details} onClose={() => setDetails(null)} />
      </OpenedOnce>
      <OpenedOnce open={traceEvent !== null}>
        <MrtTraceDialog ropeId={rope.id} event={traceEvent} editable={editable} onClose={() => setTraceEvent(null)} />
      </OpenedOnce>
      <OpenedOnce open={historyId !== null}>
        <HistoryDialog eventId={historyId} onClose={() => setHistoryId(null)} />
      </OpenedOnce>
    </Stack>
  );
}
