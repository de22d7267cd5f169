import { Alert, Stack, Title } from '@mantine/core';
import type { RopeView } from '@rope/domain/hierarchy/views';
import type { SmartropeEventView } from '@rope/domain/smartropes/views';
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OpenedOnce } from '../../../components/opened-once';
import { useCan } from '../../../lib/session/session';
import { useRopeCarriesSmartrope, useRopeSmartropeEvents } from '../api';
import { SmartropeEventsTable } from './smartrope-events-table';

const SmartropeEventDialog = lazy(() =>
  import('./smartrope-event-dialog').then((module) => ({ default: module.SmartropeEventDialog })),
);

interface RopeSmartropeEventsProps {
  rope: RopeView;
  /** Archived, a read-only session or no write permission: events are shown, not acknowledged. */
  readOnly: boolean;
}

/**
 * The newest events of the rope's smartropes. Most ropes carry none, so the section shows only where there are
 * events, or where an admin (who alone may list smartropes) knows of a smartrope that has sent none yet.
 */
export function RopeSmartropeEvents({ rope, readOnly }: RopeSmartropeEventsProps) {
  const { t } = useTranslation();
  const isAdmin = useCan('SMARTROPE_MANAGE');
  const events = useRopeSmartropeEvents(rope.id);
  const noEvents = events.data?.length === 0;
  const carries = useRopeCarriesSmartrope(rope.id, isAdmin && noEvents);
  const [open, setOpen] = useState<SmartropeEventView | null>(null);
  if (events.isPending || (noEvents && !carries.data)) return null;
  const title = t('sensors.events.ropeTitle');
  return (
    <Stack gap="sm">
      <Title order={3}>{title}</Title>
      {events.isError ? <Alert color="red">{t('sensors.events.loadError')}</Alert> : null}
      <SmartropeEventsTable
        events={events.data ?? []}
        loading={events.isFetching && !events.data}
        withSmartrope
        onOpen={setOpen}
        label={title}
      />
      <OpenedOnce open={open !== null}>
        <SmartropeEventDialog event={open} readOnly={readOnly || rope.isDeleted} onClose={() => setOpen(null)} />
      </OpenedOnce>
    </Stack>
  );
}
