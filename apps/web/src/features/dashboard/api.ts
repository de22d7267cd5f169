import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { dataOf, typedApi } from '../../lib/typed-api';

export const dashboardKeys = {
  all: ['dashboard'] as const,
  events: (limit: number) => [...dashboardKeys.all, 'events', limit] as const,
  tasks: () => [...dashboardKeys.all, 'tasks'] as const,
  ropes: () => [...dashboardKeys.all, 'ropes'] as const,
  devices: () => [...dashboardKeys.all, 'devices'] as const,
};

export function useLastEvents(limit: number) {
  return useQuery({
    queryKey: dashboardKeys.events(limit),
    queryFn: async ({ signal }) =>
      (await dataOf(typedApi.GET('/api/events', { params: { query: { limit: String(limit) } }, signal }))).ropeEvents,
    placeholderData: keepPreviousData,
  });
}

export function usePendingTasks() {
  return useQuery({
    queryKey: dashboardKeys.tasks(),
    queryFn: ({ signal }) => dataOf(typedApi.GET('/api/tasks/pending', { signal })).then((answer) => answer.tasks),
  });
}

export function useAllRopes() {
  return useQuery({
    queryKey: dashboardKeys.ropes(),
    queryFn: ({ signal }) => dataOf(typedApi.GET('/api/ropes/overview', { signal })).then((answer) => answer.ropes),
  });
}

/** A sensor going silent is news: the block asks again every minute while the dashboard is open. */
const DEVICE_STATES_REFRESH_MS = 60_000;

export function useRopeDeviceStates() {
  return useQuery({
    queryKey: dashboardKeys.devices(),
    queryFn: ({ signal }) =>
      dataOf(typedApi.GET('/api/ropes/device-states', { signal })).then((answer) => answer.ropeDeviceStates),
    refetchInterval: DEVICE_STATES_REFRESH_MS,
  });
}
