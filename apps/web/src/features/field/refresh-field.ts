import type { QueryClient } from '@tanstack/react-query';
import { areaQuery } from '../areas';
import { documentsQuery } from '../documents';
import { damageChartQuery, FIRST_EVENTS_PAGE, firstEventDateQuery, ropeEventsQuery } from '../events';
import { installationQuery } from '../installations';
import { ropeQuery, ropesQuery } from '../ropes';
import { ropeTasksQuery, taskNotesQuery } from '../tasks';
import type { FieldCache } from './field-cache';

/** An answer younger than this is not fetched again by the refresh (a page open online refetches on its own). */
export const FIELD_REFRESH_AFTER_MS = 5 * 60_000;

/** The latest events with documents whose photos go into the field (the cache keeps their thumbnails). */
export const FIELD_PHOTO_EVENTS = 5;

/**
 * While there is a network: fetches what the field ropes' pages show first (the rope, its installation and area, the
 * first page of events, the damage chart, the open tasks, the documents, the latest events' photos, the notes of the
 * tasks still to do), so a rope chosen for the field opens
 * without a signal even if it was never opened here. The field cache stores each answer as it arrives. A rope that
 * is gone or no longer visible is left out; the others go on.
 */
export async function refreshFieldRopes(queryClient: QueryClient, cache: FieldCache, language: string) {
  const fresh = { staleTime: FIELD_REFRESH_AFTER_MS };
  for (const choice of cache.listChoices()) {
    if (choice.kind === 'installation') {
      await queryClient.fetchQuery({ ...ropesQuery(choice.id, false), ...fresh }).catch(() => undefined);
    }
  }
  for (const ropeId of cache.fieldRopes()) {
    try {
      const rope = await queryClient.fetchQuery({ ...ropeQuery(ropeId), ...fresh });
      const document = { kind: 'target', targetType: 'rope', targetId: ropeId } as const;
      const [, events, , , tasks] = await Promise.all([
        queryClient
          .fetchQuery({ ...installationQuery(rope.installation.id), ...fresh })
          .then((installation) => queryClient.fetchQuery({ ...areaQuery(installation.area.id), ...fresh })),
        queryClient.fetchQuery({ ...ropeEventsQuery(ropeId, FIRST_EVENTS_PAGE), ...fresh }),
        queryClient.fetchQuery({ ...damageChartQuery(ropeId, null, null, null), ...fresh }),
        queryClient.fetchQuery({ ...firstEventDateQuery(ropeId), ...fresh }),
        queryClient.fetchQuery({ ...ropeTasksQuery(ropeId), ...fresh }),
        queryClient.fetchQuery({ ...documentsQuery(document, null, language), ...fresh }),
      ]);
      // The recent events' photos and the notes of the tasks still to do: what an inspector looks up on the line.
      const withPhotos = events.ropeEvents.filter((event) => event.documentCount > 0).slice(0, FIELD_PHOTO_EVENTS);
      await Promise.all([
        ...withPhotos.map((event) => {
          const source = { kind: 'target', targetType: 'event', targetId: event.id } as const;
          return queryClient.fetchQuery({ ...documentsQuery(source, null, language), ...fresh });
        }),
        ...tasks
          .filter((task) => task.status !== 'done')
          .map((task) => queryClient.fetchQuery({ ...taskNotesQuery(task.id), ...fresh })),
      ]);
    } catch {
      // Gone, archived away or no longer visible: the next refresh tries again, the rest goes on.
    }
  }
}
