import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiFetch } from '@/lib/api-client';
import { getToken } from '@/lib/auth-token';
import { notificationsQuery } from './notifications-api';

/**
 * Listens to the server's event stream and refreshes the list when the unread count changes, so
 * new notifications arrive without a reload, and an open project page when its project changes.
 * fetch through the API client (not EventSource) so the token travels in the Authorization
 * header; reconnects with back-off and `Last-Event-ID`, so the server sends what was missed
 * meanwhile, or `resync` when it cannot tell: then everything on the page refetches.
 */
export function useNotificationStream(enabled: boolean) {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    let attempt = 0;
    /** The id of the last event received, sent back on reconnecting. */
    let lastEventId: string | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;

    // A project changed (a message, a status update, a brief, a decision), or a general
    // question did: whatever is open about it refetches (every query whose key names its id),
    // and so do the message counts and the lists of questions.
    const refreshProject = (event: string, name: string) => {
      const id = /"(?:projectId|questionId)":"([^"]+)"/.exec(event)?.[1];
      if (!id) return;
      void client.invalidateQueries({ predicate: (query) => query.queryKey.includes(id) });
      void client.invalidateQueries({ queryKey: ['messages'] });
      if (name === 'question') {
        void client.invalidateQueries({ queryKey: ['questions', 'list'] });
      }
    };

    const connect = async () => {
      if (!getToken() || controller.signal.aborted) return;
      try {
        // A refused session signs out (api-client); the next try finds no token and stops.
        const response = await apiFetch('/api/notifications/stream', {
          headers: {
            accept: 'text/event-stream',
            ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
          },
          signal: controller.signal,
        });
        if (!response.body) throw new Error('stream');
        attempt = 0;
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const event = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const id = /^id: (.+)$/m.exec(event)?.[1];
            if (id) lastEventId = id;
            const name = /^event: (.+)$/m.exec(event)?.[1];
            if (name === 'resync') {
              void client.invalidateQueries();
            } else if (name === 'unread') {
              void client.invalidateQueries({ queryKey: notificationsQuery.queryKey, exact: true });
            } else if (name === 'project' || name === 'question') {
              refreshProject(event, name);
            }
            end = buffer.indexOf('\n\n');
          }
        }
      } catch {
        // dropped or refused: retry below
      }
      if (controller.signal.aborted) return;
      attempt += 1;
      timer = setTimeout(() => void connect(), Math.min(30_000, 1000 * 2 ** attempt));
    };
    void connect();
    return () => {
      controller.abort();
      if (timer) clearTimeout(timer);
    };
  }, [enabled, client]);
}
