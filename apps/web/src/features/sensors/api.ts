import type { SensorDeviceBody, SensorDevicePatch } from '@rope/domain/sensors/schemas';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dataOf, typedApi } from '../../lib/typed-api';
import { handOverNewDeviceBroker } from '../device-intake';
import { type AdminListQuery, adminListQueryParams } from './admin-list-query';
import type { TimeWindow } from './sensor-chart-data';

export const sensorKeys = {
  all: ['sensors'] as const,
  rope: (ropeId: number) => [...sensorKeys.all, 'rope', ropeId] as const,
  aggregates: (sensorId: number, query: AggregatesQuery) => [...sensorKeys.all, 'aggregates', sensorId, query] as const,
  lists: () => [...sensorKeys.all, 'list'] as const,
  list: (query: AdminListQuery) => [...sensorKeys.lists(), query] as const,
  detail: (id: number) => [...sensorKeys.all, 'detail', id] as const,
};

const idPath = (id: number) => ({ path: { id: String(id) } });

/** The sensor devices on a rope with their sensors; empty when the rope has none. */
export function useRopeSensorDevices(ropeId: number) {
  return useQuery({
    queryKey: sensorKeys.rope(ropeId),
    queryFn: ({ signal }) =>
      dataOf(typedApi.GET('/api/ropes/{id}/sensor-devices', { params: idPath(ropeId), signal })).then(
        (answer) => answer.sensorDevices,
      ),
  });
}

export interface AggregatesQuery extends TimeWindow {
  buckets: number;
  median: boolean;
}

/** The window as the aggregates call takes it; the median only when asked for. */
export function aggregatesQueryParams(query: AggregatesQuery) {
  return {
    from: new Date(query.from).toISOString(),
    to: new Date(query.to).toISOString(),
    buckets: query.buckets,
    median: query.median ? ('true' as const) : undefined,
  };
}

/** A window of a sensor in buckets; the previous answer stays on the chart while a new window loads. */
export function useSensorAggregates(sensorId: number, query: AggregatesQuery | null) {
  return useQuery({
    queryKey: sensorKeys.aggregates(sensorId, query ?? { from: 0, to: 0, buckets: 0, median: false }),
    queryFn: ({ signal }) =>
      dataOf(
        typedApi.GET('/api/sensors/{id}/measurements-aggregates', {
          params: { ...idPath(sensorId), query: aggregatesQueryParams(query!) },
          signal,
        }),
      ),
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
      dataOf(typedApi.GET('/api/sensor-devices', { params: { query: adminListQueryParams(query) }, signal })),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useSensorDevice(id: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: sensorKeys.detail(id ?? 0),
    queryFn: ({ signal }) =>
      dataOf(typedApi.GET('/api/sensor-devices/{id}', { params: idPath(id!), signal })).then(
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
      dataOf(typedApi.POST('/api/sensor-devices', { body: { sensorDevice } })).then((answer) => {
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
      dataOf(typedApi.PATCH('/api/sensor-devices/{id}', { params: idPath(id), body: { sensorDevice } })).then(
        (answer) => answer.sensorDevice,
      ),
    onSuccess: (device) => {
      queryClient.setQueryData(sensorKeys.detail(id), device);
      void queryClient.invalidateQueries({ queryKey: sensorKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: [...sensorKeys.all, 'rope'] });
    },
  });
}
