import type { PlacedEventView } from '@rope/domain/events/views';
import type { RopeOverview } from '@rope/domain/hierarchy/views';
import type { RopeDeviceState } from '@rope/domain/sensors/device-state-views';
import type { PendingTask } from '@rope/domain/tasks/views';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client';

export const dashboardKeys = {
  all: ['dashboard'] as const,
  events: (limit: number) => [...dashboardKeys.all, 'events', limit] as const,
  tasks: () => [...dashboardKeys.all, 'tasks'] as const,
  ropes: () => [...dashboardKeys.all, 'ropes'] as const,
  devices: () => [...dashboardKeys.all, 'devices'] as const,
};

export function useLastEvents(limit: number) {
  return useQuery<PlacedEventView[]>({
    queryKey: dashboardKeys.events(limit),
    queryFn: async ({ signal }) =>
      (await apiFetch<{ ropeEvents: PlacedEventView[] }>(`/events?limit=${limit}`, { signal })).ropeEvents,
    placeholderData: keepPreviousData,
  });
}

export function usePendingTasks() {
  return useQuery({
    queryKey: dashboardKeys.tasks(),
    queryFn: ({ signal }) =>
      apiFetch<{ tasks: PendingTask[] }>('/tasks/pending', { signal }).then((answer) => answer.tasks),
  });
}

export function useAllRopes() {
  return useQuery({
    queryKey: dashboardKeys.ropes(),
    queryFn: ({ signal }) =>
      apiFetch<{ ropes: RopeOverview[] }>('/ropes/overview', { signal }).then((answer) => answer.ropes),
  });
}

/** A sensor going silent is news: the block asks again every minute while the dashboard is open. */
const DEVICE_STATES_REFRESH_MS = 60_000;

export function useRopeDeviceStates() {
  return useQuery({
    queryKey: dashboardKeys.devices(),
    queryFn: ({ signal }) =>
      apiFetch<{ ropeDeviceStates: RopeDeviceState[] }>('/ropes/device-states', { signal }).then(
        (answer) => answer.ropeDeviceStates,
      ),
    refetchInterval: DEVICE_STATES_REFRESH_MS,
  });
}
