import type { BrokerCredentials } from '@rope/domain/device-intake/broker';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dataOf, typedApi } from '../../lib/typed-api';

/** What has its own client on the MQTT broker: a sensor device or a smartrope. */
export type BrokerDeviceKind = 'sensorDevice' | 'smartrope';

export const brokerKeys = {
  access: (kind: BrokerDeviceKind, id: number) => ['broker-access', kind, id] as const,
};

const idPath = (id: number) => ({ path: { id: String(id) } });

/** Where the device stands on the broker; never its password. */
export function useBrokerAccess(kind: BrokerDeviceKind, id: number) {
  return useQuery({
    queryKey: brokerKeys.access(kind, id),
    queryFn: ({ signal }) =>
      dataOf(
        kind === 'sensorDevice'
          ? typedApi.GET('/api/sensor-devices/{id}/broker-credentials', { params: idPath(id), signal })
          : typedApi.GET('/api/smartropes/{id}/broker-credentials', { params: idPath(id), signal }),
      ).then((answer) => answer.brokerAccess),
  });
}

/** New credentials: the answer is the only place the password is ever shown. */
export function useRenewBrokerCredentials(kind: BrokerDeviceKind, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      dataOf(
        kind === 'sensorDevice'
          ? typedApi.POST('/api/sensor-devices/{id}/broker-credentials', { params: idPath(id) })
          : typedApi.POST('/api/smartropes/{id}/broker-credentials', { params: idPath(id) }),
      ).then((answer) => answer.brokerCredentials),
    onSettled: () => queryClient.invalidateQueries({ queryKey: brokerKeys.access(kind, id) }),
  });
}

export function useRevokeBrokerCredentials(kind: BrokerDeviceKind, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      kind === 'sensorDevice'
        ? typedApi.DELETE('/api/sensor-devices/{id}/broker-credentials', { params: idPath(id) })
        : typedApi.DELETE('/api/smartropes/{id}/broker-credentials', { params: idPath(id) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: brokerKeys.access(kind, id) }),
  });
}

/** What registering a device answered about its broker client, handed to its page, which shows it once. */
export interface NewDeviceBroker {
  brokerCredentials?: BrokerCredentials;
  brokerProblem?: { key: string; params?: Record<string, string | number> };
}
const handover = new Map<string, NewDeviceBroker>();

export function handOverNewDeviceBroker(kind: BrokerDeviceKind, id: number, answer: NewDeviceBroker): void {
  if (answer.brokerCredentials || answer.brokerProblem)
    handover.set(`${kind}:${id}`, { brokerCredentials: answer.brokerCredentials, brokerProblem: answer.brokerProblem });
}

/** Once: a second call (the page opened again) finds nothing, as the password is never shown twice. */
export function takeNewDeviceBroker(kind: BrokerDeviceKind, id: number): NewDeviceBroker | undefined {
  const found = handover.get(`${kind}:${id}`);
  handover.delete(`${kind}:${id}`);
  return found;
}
