import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  notificationListResponse,
  notificationSettingsSchema,
  type NotificationSettings,
} from '@noise/shared/notifications';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';

export const notificationsQuery = queryOptions({
  queryKey: ['notifications'],
  queryFn: ({ signal }) =>
    apiRequest('/api/notifications', { signal, check: checkWith(notificationListResponse) }),
  staleTime: 30_000,
});

export function useNotifications(enabled: boolean) {
  return useQuery({ ...notificationsQuery, enabled });
}

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<void>(`/api/notifications/${id}/read`, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: notificationsQuery.queryKey }),
  });
}

export function useMarkAllRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<void>('/api/notifications/read-all', { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: notificationsQuery.queryKey }),
  });
}

export const notificationSettingsQuery = queryOptions({
  queryKey: ['notifications', 'settings'],
  queryFn: ({ signal }) =>
    apiRequest('/api/notifications/settings', {
      signal,
      check: checkWith(notificationSettingsSchema),
    }),
});

export function useUpdateNotificationSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: NotificationSettings) =>
      apiRequest('/api/notifications/settings', {
        method: 'PUT',
        body: settings,
        check: checkWith(notificationSettingsSchema),
      }),
    onSuccess: (data) => client.setQueryData(notificationSettingsQuery.queryKey, data),
  });
}
