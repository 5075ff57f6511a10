import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render';
import { answer, server } from '@/test/server';
import { AskQuestionForm } from './ask-question-form';

// The API answers through MSW, as every component test's does: a module mock would not reach a
// form whose modules an earlier file in the worker already loaded (files share workers).

const question = {
  _id: 'question-1',
  subject: 'Can you also do our menus?',
  status: 'open',
  askedBy: 'Olive Owner',
  companyName: 'Crumb Bakery',
  assignee: null,
  lastMessage: null,
  unread: 0,
  createdAt: '2026-11-25T00:00:00.000Z',
  askedById: 'user-1',
  askedByEmail: 'olive@example.com',
  messages: [],
  olderCursor: null,
  quote: null,
  closedReason: null,
};

describe('AskQuestionForm', () => {
  it('refuses a blank question and sends nothing', async () => {
    const sent = answer('post', '/api/questions', question);
    const { user, fill } = renderWithApp(<AskQuestionForm />, { role: 'client' });
    const field = screen.getByLabelText('Your question');
    await fill(field, '   ');
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(/Write your question/));
    expect(sent).toEqual([]);
  });

  it('keeps the question when it could not be sent, and sends it again', async () => {
    const sent = answer('post', '/api/questions', question);
    // The first try finds the server busy; the retry goes through.
    server.use(
      http.post(
        '/api/questions',
        () =>
          HttpResponse.json(
            { error: 'unavailable', message: 'The server is busy: try again in a moment' },
            { status: 503 },
          ),
        { once: true },
      ),
    );
    const { user, fill, location } = renderWithApp(<AskQuestionForm />, {
      role: 'client',
      path: '/dashboard',
    });
    const field = screen.getByLabelText('Your question');
    await fill(field, 'Can you also do our menus?');
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Not sent – The server is busy: try again in a moment',
    );
    expect(field).toHaveValue('Can you also do our menus?');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(location().pathname).toBe('/dashboard/questions/question-1'));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toContain('Can you also do our menus?');
  });
});
