import type { SensorDeviceBody, SensorDevicePatch } from '@rope/domain/sensors/schemas';
import type { SensorAggregatesAnswer, SensorDeviceView } from '@rope/domain/sensors/views';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client';
import { handOverNewDeviceBroker, type NewDeviceBroker } from '../device-intake';
import { type AdminListQuery, adminListQueryString } from './admin-list-query';
import type { TimeWindow } from './sensor-chart-data';

export const sensorKeys = {
  all: ['sensors'] as const,
  rope: (ropeId: number) => [...sensorKeys.all, 'rope', ropeId] as const,
  aggregates: (sensorId: number, query: AggregatesQuery) => [...sensorKeys.all, 'aggregates', sensorId, query] as const,
  lists: () => [...sensorKeys.all, 'list'] as const,
  list: (query: AdminListQuery) => [...sensorKeys.lists(), query] as const,
  detail: (id: number) => [...sensorKeys.all, 'detail', id] as const,
};

/** The sensor devices on a rope with their sensors; empty when the rope has none. */
export function useRopeSensorDevices(ropeId: number) {
  return useQuery({
    queryKey: sensorKeys.rope(ropeId),
    queryFn: ({ signal }) =>
      apiFetch<{ sensorDevices: SensorDeviceView[] }>(`/ropes/${ropeId}/sensor-devices`, { signal }).then(
        (answer) => answer.sensorDevices,
      ),
  });
}

export interface AggregatesQuery extends TimeWindow {
  buckets: number;
  median: boolean;
}

export function aggregatesPath(sensorId: number, query: AggregatesQuery): string {
  const params = new URLSearchParams({
    from: new Date(query.from).toISOString(),
    to: new Date(query.to).toISOString(),
    buckets: String(query.buckets),
  });
  if (query.median) params.set('median', 'true');
  return `/sensors/${sensorId}/measurements-aggregates?${params}`;
}

/** A window of a sensor in buckets; the previous answer stays on the chart while a new window loads. */
export function useSensorAggregates(sensorId: number, query: AggregatesQuery | null) {
  return useQuery({
    queryKey: sensorKeys.aggregates(sensorId, query ?? { from: 0, to: 0, buckets: 0, median: false }),
    queryFn: ({ signal }) => apiFetch<SensorAggregatesAnswer>(aggregatesPath(sensorId, query!), { signal }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** `enabled` is false for someone who is no admin: the list would only be refused. */
export function useSensorDevices(query: AdminListQuery, enabled: boolean) {
  return useQuery({
    queryKey: sensorKeys.list(query),
    queryFn: ({ signal }) =>
      apiFetch<{ sensorDevices: SensorDeviceView[]; total: number }>(`/sensor-devices${adminListQueryString(query)}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useSensorDevice(id: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: sensorKeys.detail(id ?? 0),
    queryFn: ({ signal }) =>
      apiFetch<{ sensorDevice: SensorDeviceView }>(`/sensor-devices/${id}`, { signal }).then(
        (answer) => answer.sensorDevice,
      ),
    enabled: enabled && id !== undefined,
    // The open form initialises once; a refetch would not reach it.
    refetchOnWindowFocus: false,
  });
}

export function useCreateSensorDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sensorDevice: SensorDeviceBody) =>
      apiFetch<{ sensorDevice: SensorDeviceView } & NewDeviceBroker>('/sensor-devices', {
        method: 'POST',
        body: { sensorDevice },
      }).then((answer) => {
        handOverNewDeviceBroker('sensorDevice', answer.sensorDevice.id, answer);
        return answer.sensorDevice;
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sensorKeys.all }),
  });
}

export function useUpdateSensorDevice(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sensorDevice: SensorDevicePatch) =>
      apiFetch<{ sensorDevice: SensorDeviceView }>(`/sensor-devices/${id}`, {
        method: 'PATCH',
        body: { sensorDevice },
      }).then((answer) => answer.sensorDevice),
    onSuccess: (device) => {
      queryClient.setQueryData(sensorKeys.detail(id), device);
      void queryClient.invalidateQueries({ queryKey: sensorKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: [...sensorKeys.all, 'rope'] });
    },
  });
}
