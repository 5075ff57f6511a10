import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { InboxItem } from '@noise/shared/messages';
import type { QuestionSummary } from '@noise/shared/questions';
import { renderWithApp } from '@/test/render';
import { answer } from '@/test/server';
import { InboxRoute } from './inbox';

const project: InboxItem = {
  projectId: 'project-1',
  orderNumber: 1042,
  serviceTitle: 'SEO audit',
  customerName: 'Loud Co',
  unread: 2,
  lastMessage: { excerpt: 'Can we move the launch?', createdAt: '2026-11-28T01:00:00.000Z' },
};
const question: QuestionSummary = {
  _id: 'question-1',
  subject: 'Do you do podcasts?',
  status: 'open',
  askedBy: 'Ana Lima',
  companyName: 'Lima Studio',
  assignee: null,
  lastMessage: {
    excerpt: 'And video too?',
    createdAt: '2026-11-28T02:00:00.000Z',
    side: 'customer',
  },
  unread: 1,
  createdAt: '2026-11-28T00:00:00.000Z',
};
const read: QuestionSummary = {
  ...question,
  _id: 'question-2',
  subject: 'Read already',
  unread: 0,
};

const renderAt = (path: string) =>
  renderWithApp(
    <Routes>
      <Route path="/wkm-dashboard/inbox" element={<InboxRoute />} />
    </Routes>,
    { path, role: 'admin' },
  );

describe('InboxRoute', () => {
  beforeEach(() => {
    answer('get', '/api/config', { companyName: 'Noise' });
  });

  it('lists unread project messages and general questions together, newest first', async () => {
    answer('get', '/api/messages/inbox', [project]);
    answer('get', '/api/questions', [read, question]);
    renderAt('/wkm-dashboard/inbox');

    const list = await screen.findByRole('list', { name: 'Unread conversations' });
    const [first, second] = within(list).getAllByRole('link');
    // The question's message is the newer: first; the question read already is not listed.
    expect(first).toHaveAttribute('href', '/wkm-dashboard/inbox/questions/question-1');
    expect(first).toHaveTextContent(/Ana Lima\s*General\s*Do you do podcasts\?\s*Unassigned/);
    expect(first).toHaveTextContent('And video too?');
    expect(within(first!).getByLabelText('1 unread')).toBeInTheDocument();
    expect(second).toHaveAttribute('href', '/wkm-dashboard/sales/edit/project-1#messages');
    expect(second).toHaveTextContent(/Loud Co\s*Order 1042, SEO audit/);
    expect(within(second!).getByLabelText('2 unread')).toBeInTheDocument();
    expect(within(list).getAllByRole('link')).toHaveLength(2);
  });

  it('says when everything is read, and lists every general question by status', async () => {
    answer('get', '/api/messages/inbox', []);
    const asked = answer('get', '/api/questions', [read]);
    const { user } = renderAt('/wkm-dashboard/inbox');

    expect(await screen.findByText("You're all caught up")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'General questions' }));
    const list = await screen.findByRole('list', { name: 'General questions' });
    expect(within(list).getByRole('link')).toHaveTextContent('Read already');
    await user.selectOptions(screen.getByLabelText('Status'), 'closed');
    await screen.findByRole('list', { name: 'General questions' });
    expect(asked.map((call) => new URL(call.url).searchParams.get('status'))).toContain('closed');
  });

  it('says when the inbox cannot be loaded, and tries again', async () => {
    answer('get', '/api/messages/inbox', { message: 'Database unavailable' }, { status: 503 });
    answer('get', '/api/questions', []);
    const { user } = renderAt('/wkm-dashboard/inbox');

    expect(await screen.findByText('The inbox could not be loaded')).toBeInTheDocument();
    answer('get', '/api/messages/inbox', [project]);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    const list = await screen.findByRole('list', { name: 'Unread conversations' });
    expect(within(list).getByRole('link')).toHaveTextContent(/Loud Co/);
  });
});
