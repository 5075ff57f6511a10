import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
  type UseQueryResult,
} from '@tanstack/react-query';
import { z } from 'zod';
import {
  approveDeliverableResponse,
  inboxItemSchema,
  messageSchema,
  messageThreadSchema,
  requestChangesResponse,
  unreadCountsSchema,
  type Message,
  type MessageThread,
} from '@noise/shared/messages';
import { questionSchema } from '@noise/shared/questions';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';
import { uploadForm, type UploadProgress } from '@/lib/upload';
import { questionQuery, questionsKey } from './questions-api';

/**
 * Which conversation a thread is: a project's, or a general question's
 * (docs/product.md#ask-us-anything). Both read and post the same way.
 */
export type ThreadRef = { kind: 'project'; id: string } | { kind: 'question'; id: string };

const path = (projectId: string) =>
  `/api/projects/${encodeURIComponent(projectId)}/messages` as const;
const postPath = (thread: ThreadRef) =>
  thread.kind === 'project'
    ? path(thread.id)
    : (`/api/questions/${encodeURIComponent(thread.id)}/messages` as const);
const readPath = (thread: ThreadRef) =>
  thread.kind === 'project'
    ? (`${path(thread.id)}/read` as const)
    : (`/api/questions/${encodeURIComponent(thread.id)}/read` as const);

/**
 * GET /api/projects/{id}/messages: the newest page of the thread, oldest first (notes only for
 * the team), with the cursor of the page before it.
 */
export const threadQuery = (projectId: string) =>
  queryOptions({
    queryKey: ['messages', 'thread', projectId],
    queryFn: ({ signal }) =>
      apiRequest(path(projectId), { signal, check: checkWith(messageThreadSchema) }),
  });

export function useThread(projectId: string, enabled = true) {
  return useQuery({ ...threadQuery(projectId), enabled });
}

/** A thread of either kind as the thread component reads it (a question's has no deliverables). */
export function useAnyThread(thread: ThreadRef): UseQueryResult<MessageThread> {
  const project = useQuery({ ...threadQuery(thread.id), enabled: thread.kind === 'project' });
  const question = useQuery({
    ...questionQuery(thread.id),
    enabled: thread.kind === 'question',
    select: (q): MessageThread => ({
      messages: q.messages,
      olderCursor: q.olderCursor,
      deliverables: [],
      closedReason: q.closedReason,
    }),
  });
  return thread.kind === 'project' ? project : question;
}

/** A page of earlier messages, oldest first, and the cursor of the page before it. */
export interface OlderMessages {
  messages: Message[];
  olderCursor: string | null;
}

/**
 * GET /api/projects/{id}/messages?before= (or a question's): the page before `cursor`. Not a
 * cached query: the pages a reader went back to live in the thread component while it is open.
 */
export async function fetchOlderMessages(
  thread: ThreadRef,
  cursor: string,
): Promise<OlderMessages> {
  const query = `?before=${encodeURIComponent(cursor)}` as const;
  if (thread.kind === 'project') {
    const page = await apiRequest(`${path(thread.id)}${query}`, {
      check: checkWith(messageThreadSchema),
    });
    return { messages: page.messages, olderCursor: page.olderCursor };
  }
  const page = await apiRequest(`/api/questions/${encodeURIComponent(thread.id)}${query}`, {
    check: checkWith(questionSchema),
  });
  return { messages: page.messages, olderCursor: page.olderCursor };
}

/** What a thread's answers change: its own query, and a question's lists. */
function refreshThread(client: QueryClient, thread: ThreadRef) {
  if (thread.kind === 'project') {
    return client.invalidateQueries({ queryKey: threadQuery(thread.id).queryKey });
  }
  return client.invalidateQueries({ queryKey: questionsKey });
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

/** POST /api/projects/{id}/messages (or a question's), multipart, with upload progress. */
export function useSendMessage(thread: ThreadRef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (vars: NewMessage & { onProgress?: (p: UploadProgress) => void }) => {
      const form = new FormData();
      form.append('text', vars.text);
      if (vars.internal) form.append('internal', 'true');
      if (vars.deliverable !== undefined) form.append('deliverable', vars.deliverable);
      for (const file of vars.files) form.append('attachments', file);
      return uploadForm(postPath(thread), form, {
        onProgress: vars.onProgress,
        check: checkWith(messageSchema),
      });
    },
    // Not awaited: the composer clears as soon as the message is saved, before the list reloads.
    onSuccess: () => {
      void refreshThread(client, thread);
    },
  });
}

/** POST /api/projects/{id}/messages/read (or a question's): the thread as read so far. */
export function useMarkRead(thread: ThreadRef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<void>(readPath(thread), { method: 'POST', body: {} }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['messages', 'unread'] }),
        client.invalidateQueries({ queryKey: ['messages', 'inbox'] }),
        client.invalidateQueries({ queryKey: [...questionsKey, 'list'] }),
      ]),
  });
}

const deliverablePath = (projectId: string, deliverableId: string) =>
  `/api/projects/${encodeURIComponent(projectId)}/deliverables/${encodeURIComponent(deliverableId)}` as const;

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
