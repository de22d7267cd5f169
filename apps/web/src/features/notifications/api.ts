import type { InstallationView } from '@rope/domain/hierarchy/views';
import {
  NOTIFICATION_LIST_DEFAULT_LIMIT,
  NOTIFICATION_LIST_LIMITS,
  type NotificationListLimit,
} from '@rope/domain/notifications/kinds';
import type { NotificationStatus } from '@rope/domain/notifications/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { dataOf, typedApi } from '../../lib/typed-api';
import { installationKeys } from '../installations';
import { ropeKeys } from '../ropes';
import type { SettingsBody } from './rules';

export const NOTIFICATION_LIMITS = NOTIFICATION_LIST_LIMITS;
export type NotificationLimit = NotificationListLimit;
export const DEFAULT_NOTIFICATION_LIMIT = NOTIFICATION_LIST_DEFAULT_LIMIT;

export const notificationKeys = {
  all: ['notifications'] as const,
  installation: (id: number, limit: number, language: string) =>
    [...notificationKeys.all, 'installation', id, limit, language] as const,
  smartropeThreshold: (installationId: number, ropeId: number | undefined, language: string) =>
    [...notificationKeys.all, 'smartropeThreshold', installationId, ropeId ?? null, language] as const,
};

/** Notifications are worded in the interface language, sent as Accept-Language. */
function useInterfaceLanguage(): string {
  const { i18n } = useTranslation();
  return i18n.resolvedLanguage ?? i18n.language;
}

export function useInstallationNotifications(installationId: number, limit: NotificationLimit) {
  const language = useInterfaceLanguage();
  return useQuery({
    queryKey: notificationKeys.installation(installationId, limit, language),
    queryFn: ({ signal }) =>
      dataOf(
        typedApi.GET('/api/installations/{id}/notifications', {
          params: { path: { id: String(installationId) }, query: { limit: `${limit}` } },
          headers: { 'Accept-Language': language },
          signal,
        }),
      ).then((answer) => answer.notifications),
  });
}

/** The smartropeThreshold rule's arming per rope and its last trigger, of the installation or of one rope. */
export function useSmartropeThresholdState(installationId: number, ropeId?: number) {
  const language = useInterfaceLanguage();
  return useQuery({
    queryKey: notificationKeys.smartropeThreshold(installationId, ropeId, language),
    queryFn: ({ signal }) =>
      dataOf(
        typedApi.GET('/api/installations/{id}/smartrope-threshold-state', {
          params: {
            path: { id: String(installationId) },
            query: { rope: ropeId === undefined ? undefined : String(ropeId) },
          },
          headers: { 'Accept-Language': language },
          signal,
        }),
      ).then((answer) => answer.smartropeThreshold),
  });
}

function patchInstallation(
  queryClient: ReturnType<typeof useQueryClient>,
  id: number,
  patch: Partial<InstallationView>,
) {
  queryClient.setQueryData<InstallationView>(installationKeys.detail(id), (old) => (old ? { ...old, ...patch } : old));
  void queryClient.invalidateQueries({ queryKey: installationKeys.detail(id) });
}

export function useSaveNotificationSettings(installationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notificationSettings: SettingsBody) =>
      dataOf(
        typedApi.PATCH('/api/installations/{id}/notification-setting', {
          params: { path: { id: String(installationId) } },
          body: { notificationSettings },
        }),
      ).then((answer) => answer.notificationSettings),
    onSuccess: (notificationSettings) => patchInstallation(queryClient, installationId, { notificationSettings }),
  });
}

export function useDeleteNotificationSettings(installationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      typedApi.DELETE('/api/installations/{id}/notification-setting', {
        params: { path: { id: String(installationId) } },
      }),
    onSuccess: () => patchInstallation(queryClient, installationId, { notificationSettings: null }),
  });
}

/** PUT the status of an installation, or of one rope when ropeId is given. */
export function useSaveNotificationStatus(installationId: number, ropeId?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notificationStatus: NotificationStatus) =>
      dataOf(
        ropeId === undefined
          ? typedApi.PUT('/api/installations/{id}/notification-status', {
              params: { path: { id: String(installationId) } },
              body: { notificationStatus },
            })
          : typedApi.PUT('/api/ropes/{id}/notification-status', {
              params: { path: { id: String(ropeId) } },
              body: { notificationStatus },
            }),
      ).then((answer) => answer.notificationStatus),
    onSuccess: (notificationStatus) => {
      if (ropeId === undefined) {
        patchInstallation(queryClient, installationId, { notificationStatus });
      } else {
        void queryClient.invalidateQueries({ queryKey: ropeKeys.lists() });
        void queryClient.invalidateQueries({ queryKey: ropeKeys.detail(ropeId) });
      }
    },
  });
}
