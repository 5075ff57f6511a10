import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  approveDeliverableResponse,
  inboxItemSchema,
  messageSchema,
  messageThreadSchema,
  requestChangesResponse,
  unreadCountsSchema,
} from '@noise/shared/messages';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';
import { uploadForm, type UploadProgress } from '@/lib/upload';

const path = (projectId: string) => `/api/projects/${encodeURIComponent(projectId)}/messages`;

/** GET /api/projects/{id}/messages: the thread, oldest first (notes only for the team). */
export const threadQuery = (projectId: string) =>
  queryOptions({
    queryKey: ['messages', 'thread', projectId],
    queryFn: ({ signal }) =>
      apiRequest(path(projectId), { signal, check: checkWith(messageThreadSchema) }),
  });

export function useThread(projectId: string, enabled = true) {
  return useQuery({ ...threadQuery(projectId), enabled });
}

/** GET /api/messages/unread: the customer's unread team messages, by project. */
export function useUnreadCounts(enabled = true) {
  return useQuery({
    queryKey: ['messages', 'unread'],
    queryFn: ({ signal }) =>
      apiRequest('/api/messages/unread', { signal, check: checkWith(unreadCountsSchema) }),
    enabled,
  });
}

/** GET /api/messages/inbox (staff): projects with customer messages this member has not read. */
export function useInbox() {
  return useQuery({
    queryKey: ['messages', 'inbox'],
    queryFn: ({ signal }) =>
      apiRequest('/api/messages/inbox', { signal, check: checkWith(z.array(inboxItemSchema)) }),
  });
}

export interface NewMessage {
  text: string;
  files: File[];
  internal: boolean;
  /** The team sends the files as the next version of this deliverable. */
  deliverable?: string;
}

/** POST /api/projects/{id}/messages, multipart, with upload progress. */
export function useSendMessage(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (vars: NewMessage & { onProgress?: (p: UploadProgress) => void }) => {
      const form = new FormData();
      form.append('text', vars.text);
      if (vars.internal) form.append('internal', 'true');
      if (vars.deliverable !== undefined) form.append('deliverable', vars.deliverable);
      for (const file of vars.files) form.append('attachments', file);
      return uploadForm(path(projectId), form, {
        onProgress: vars.onProgress,
        check: checkWith(messageSchema),
      });
    },
    // Not awaited: the composer clears as soon as the message is saved, before the list reloads.
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: threadQuery(projectId).queryKey });
    },
  });
}

/** POST /api/projects/{id}/messages/read: the thread as read so far. */
export function useMarkRead(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<void>(`${path(projectId)}/read`, { method: 'POST', body: {} }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['messages', 'unread'] }),
        client.invalidateQueries({ queryKey: ['messages', 'inbox'] }),
      ]),
  });
}

const deliverablePath = (projectId: string, deliverableId: string) =>
  `/api/projects/${encodeURIComponent(projectId)}/deliverables/${encodeURIComponent(deliverableId)}`;

/**
 * The customer's word on a deliverable version: approve it, or ask for changes (`text`, posted
 * as their message). The thread and the project reload either way (a refusal means it changed).
 */
export function useDecideDeliverable(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (vars: { deliverableId: string; changes?: string }) =>
      vars.changes === undefined
        ? apiRequest(`${deliverablePath(projectId, vars.deliverableId)}/approve`, {
            method: 'POST',
            check: checkWith(approveDeliverableResponse),
          })
        : apiRequest(`${deliverablePath(projectId, vars.deliverableId)}/changes`, {
            method: 'POST',
            body: { text: vars.changes },
            check: checkWith(requestChangesResponse),
          }),
    onSettled: () => client.invalidateQueries({ queryKey: threadQuery(projectId).queryKey }),
  });
}
