import type { DamageView, RopeView } from '@rope/domain/views/hierarchy';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client';
import type { PlacedEvent } from '../installations/api';

export type { PlacedEvent };

/** A rope as GET /api/ropes answers it: with its installation and area. */
export interface PlacedRope extends RopeView {
  installation: { id: number; name: string };
  area: { id: number; name: string };
  damages: DamageView;
}

/** An open task as GET /api/tasks answers it. */
export interface PendingTask {
  id: number;
  title: string;
  status: string;
  dueAt: string | null;
  pastDue: boolean;
  rope: { id: number; name?: string };
  installation?: { id: number; name: string };
  area?: { id: number; name: string };
}

export const dashboardKeys = {
  all: ['dashboard'] as const,
  events: (limit: number) => [...dashboardKeys.all, 'events', limit] as const,
  tasks: () => [...dashboardKeys.all, 'tasks'] as const,
  ropes: () => [...dashboardKeys.all, 'ropes'] as const,
};

export function useLastEvents(limit: number) {
  return useQuery<PlacedEvent[]>({
    queryKey: dashboardKeys.events(limit),
    queryFn: async ({ signal }) =>
      (await apiFetch<{ ropeEvents: PlacedEvent[] }>(`/events?limit=${limit}`, { signal })).ropeEvents,
    placeholderData: keepPreviousData,
  });
}

export function usePendingTasks() {
  return useQuery({
    queryKey: dashboardKeys.tasks(),
    queryFn: ({ signal }) =>
      apiFetch<{ tasks: PendingTask[] }>('/tasks?status=open', { signal }).then((answer) => answer.tasks),
  });
}

export function useAllRopes() {
  return useQuery({
    queryKey: dashboardKeys.ropes(),
    queryFn: ({ signal }) => apiFetch<{ ropes: PlacedRope[] }>('/ropes', { signal }).then((answer) => answer.ropes),
  });
}
