import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Message, MessageThread as Thread } from '@noise/shared/messages';
import { renderWithApp } from '@/test/render';
import { server } from '@/test/server';
import { MessageThread } from './message-thread';

// The thread opens at its newest page; earlier pages come a page at a time (decision 084). The
// API answers through MSW, as every component test's does.

const message = (n: number, side: Message['side'] = 'customer'): Message => ({
  _id: `m${n}`,
  authorName: side === 'team' ? 'Cora Team' : 'Jane Citizen',
  authorPhoto: null,
  side,
  text: `Message ${n}`,
  internal: false,
  via: 'web',
  createdAt: new Date(Date.UTC(2026, 10, 1, 0, n)).toISOString(),
  attachments: [],
  deliverable: null,
});
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => message(from + i, i % 2 ? 'team' : 'customer'));
const page = (messages: Message[], olderCursor: string | null): Thread => ({
  messages,
  olderCursor,
  deliverables: [],
  closedReason: null,
});

/** The newest page at /messages, the pages before it at ?before=, and the read mark. */
function answerThread(pages: Record<string, Thread>, newest: () => Thread) {
  const asked: string[] = [];
  server.use(
    http.get('/api/projects/p1/messages', ({ request }) => {
      const before = new URL(request.url).searchParams.get('before');
      asked.push(before ?? 'newest');
      return HttpResponse.json(before ? pages[before] : newest());
    }),
    http.post('/api/projects/p1/messages/read', () => new HttpResponse(null, { status: 204 })),
  );
  return asked;
}

const shownTexts = () =>
  within(screen.getByRole('list', { name: 'Messages' }))
    .getAllByText(/^Message \d+$/)
    .map((e) => e.textContent);

describe('MessageThread', () => {
  it('opens at the newest messages and shows earlier ones a page at a time, oldest first', async () => {
    const asked = answerThread(
      {
        c2: page(range(21, 40), 'c1'),
        c1: page(range(1, 20), null),
      },
      () => page(range(41, 60), 'c2'),
    );
    const { user } = renderWithApp(<MessageThread thread={{ kind: 'project', id: 'p1' }} team />, {
      role: 'admin',
    });
    expect(await screen.findByText('Message 60')).toBeInTheDocument();
    expect(shownTexts()).toEqual(range(41, 60).map((m) => m.text));

    await user.click(screen.getByRole('button', { name: 'Show earlier messages' }));
    await waitFor(() => expect(shownTexts()).toHaveLength(40));
    expect(shownTexts()).toEqual(range(21, 60).map((m) => m.text));

    // From the keyboard too; the last page has nothing before it, so the button goes.
    screen.getByRole('button', { name: 'Show earlier messages' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(shownTexts()).toHaveLength(60));
    expect(shownTexts()).toEqual(range(1, 60).map((m) => m.text));
    expect(screen.queryByRole('button', { name: 'Show earlier messages' })).toBeNull();
    expect(asked).toEqual(['newest', 'c2', 'c1']);
  });

  it('shows a message that arrives while earlier pages are open, and loses none', async () => {
    let newest = page(range(41, 60), 'c2');
    answerThread({ c2: page(range(21, 40), null) }, () => newest);
    const { user, queryClient } = renderWithApp(
      <MessageThread thread={{ kind: 'project', id: 'p1' }} team={false} />,
      { role: 'client' },
    );
    await user.click(await screen.findByRole('button', { name: 'Show earlier messages' }));
    await waitFor(() => expect(shownTexts()).toHaveLength(40));

    // Two new messages: the newest page now starts at 43, and 41 and 42 are on no page shown.
    newest = page(range(43, 62), 'c-later');
    await queryClient.invalidateQueries({ queryKey: ['messages', 'thread', 'p1'] });
    expect(await screen.findByText('Message 62')).toBeInTheDocument();
    expect(shownTexts()).toEqual(range(21, 62).map((m) => m.text));
  });

  it('says when earlier messages could not be loaded, and keeps what it shows', async () => {
    answerThread({}, () => page(range(41, 60), 'c2'));
    server.use(
      http.get('/api/projects/p1/messages', ({ request }) =>
        new URL(request.url).searchParams.get('before')
          ? HttpResponse.json(
              { error: 'unavailable', message: 'The server is busy: try again in a moment' },
              { status: 503 },
            )
          : undefined,
      ),
    );
    const { user } = renderWithApp(<MessageThread thread={{ kind: 'project', id: 'p1' }} team />, {
      role: 'admin',
    });
    await user.click(await screen.findByRole('button', { name: 'Show earlier messages' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The server is busy');
    expect(shownTexts()).toHaveLength(20);
    expect(screen.getByRole('button', { name: 'Show earlier messages' })).toBeEnabled();
  });
});

describe('the composer', () => {
  it('says why a message was not sent, keeps what was typed, and sends it again', async () => {
    answerThread({}, () => page([], null));
    server.use(
      http.post('/api/projects/p1/messages', () =>
        HttpResponse.json(
          { error: 'unavailable', message: 'The server is busy: try again in a moment' },
          { status: 503 },
        ),
      ),
    );
    const { user } = renderWithApp(<MessageThread thread={{ kind: 'project', id: 'p1' }} team />, {
      role: 'admin',
    });
    const box = await screen.findByRole('textbox', { name: 'Write a message' });

    // Nothing to send: nothing is sent.
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Not sent – Write a message or attach a file',
    );
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();

    // A deliverable needs its name.
    await user.type(box, 'Here is the logo');
    await user.click(screen.getByText(/^Send as deliverable/));
    await user.click(screen.getByRole('button', { name: 'Send deliverable' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Not sent – Name the deliverable, for example Logo',
    );
    await user.click(screen.getByText(/^Send as deliverable/));

    await user.type(box, '{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Not sent – The server is busy: try again in a moment',
    );
    expect(box).toHaveValue('Here is the logo');

    const sent: string[] = [];
    server.use(
      http.post('/api/projects/p1/messages', async ({ request }) => {
        sent.push(await request.text());
        return HttpResponse.json({ ...message(1, 'team'), text: 'Here is the logo' });
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(box).toHaveValue(''));
    expect(sent).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
