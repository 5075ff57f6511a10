import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToken, setToken } from '@/lib/auth-token';
import { server } from '@/test/server';
import { useNotificationStream } from './use-notification-stream';

/** An event stream that sends `events` and ends, as a server does when it restarts. */
function streamOf(events: string) {
  return new HttpResponse(
    new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(events));
        controller.close();
      },
    }),
    { headers: { 'content-type': 'text/event-stream' } },
  );
}

afterEach(() => clearToken());

describe('useNotificationStream', () => {
  it('reconnects with the last event id it got, and refetches everything when told to resync', async () => {
    setToken('stream-token');
    const asked: (string | null)[] = [];
    const answers = [
      'id: p1-4\nevent: project\ndata: {"projectId":"p-1"}\n\n' +
        'id: p1-5\nevent: unread\ndata: {"unreadCount":2}\n\n',
      'id: p2-1\nevent: resync\ndata: {}\n\n',
    ];
    server.use(
      http.get('/api/notifications/stream', ({ request }) => {
        asked.push(request.headers.get('last-event-id'));
        // After the two answers, a stream that stays open and says nothing.
        const next = answers.shift();
        return next ? streamOf(next) : new HttpResponse(new ReadableStream());
      }),
    );
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { unmount } = renderHook(() => useNotificationStream(true), { wrapper });

    // The first connection sends no id; the one after the drop sends the last it received.
    await waitFor(() => expect(asked).toEqual([null, 'p1-5']), { timeout: 5000 });
    // resync: one call with no filter, which refetches every query on the page.
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith());
    await waitFor(() => expect(asked).toEqual([null, 'p1-5', 'p2-1']), { timeout: 9000 });
    unmount();
  }, 15_000);
});
