import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationList, NotificationSettings } from '@noise/shared/notifications';
import { apiRequest } from '@/lib/api-client';

export const notificationsQuery = queryOptions({
  queryKey: ['notifications'],
  queryFn: ({ signal }) => apiRequest<NotificationList>('/api/notifications', { signal }),
  staleTime: 30_000,
});

export function useNotifications(enabled: boolean) {
  return useQuery({ ...notificationsQuery, enabled });
}

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<null>(`/api/notifications/${id}/read`, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: notificationsQuery.queryKey }),
  });
}

export function useMarkAllRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<null>('/api/notifications/read-all', { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: notificationsQuery.queryKey }),
  });
}

export const notificationSettingsQuery = queryOptions({
  queryKey: ['notifications', 'settings'],
  queryFn: ({ signal }) =>
    apiRequest<NotificationSettings>('/api/notifications/settings', { signal }),
});

export function useUpdateNotificationSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: NotificationSettings) =>
      apiRequest<NotificationSettings>('/api/notifications/settings', {
        method: 'PUT',
        body: settings,
      }),
    onSuccess: (data) => client.setQueryData(notificationSettingsQuery.queryKey, data),
  });
}
