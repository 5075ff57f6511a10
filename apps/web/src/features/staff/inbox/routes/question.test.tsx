import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Question } from '@noise/shared/questions';
import { renderWithApp } from '@/test/render';
import { answer } from '@/test/server';
import { userOf } from '@/test/user';
import { QuestionRoute } from './question';

const question: Question = {
  _id: 'question-1',
  subject: 'Do you do podcasts?',
  status: 'open',
  askedBy: 'Ana Lima',
  askedById: 'user-ana',
  askedByEmail: 'ana@example.com',
  companyName: 'Lima Studio',
  assignee: null,
  lastMessage: null,
  unread: 0,
  createdAt: '2026-11-28T00:00:00.000Z',
  messages: [],
  olderCursor: null,
  quote: null,
  closedReason: null,
};

const renderAt = (role: 'admin' | 'co-ordinator') =>
  renderWithApp(
    <Routes>
      <Route path="/wkm-dashboard/inbox/questions/:id" element={<QuestionRoute />} />
    </Routes>,
    { path: '/wkm-dashboard/inbox/questions/question-1', role },
  );

describe('QuestionRoute', () => {
  beforeEach(() => {
    answer('get', '/api/config', { companyName: 'Noise' });
    answer('get', '/api/auth/user', userOf('admin', { _id: 'staff-1', email: 'kim@example.com' }));
    answer('get', '/api/sales/filters', {
      companies: [],
      services: [],
      statuses: [],
      teamMembers: [
        { _id: 'staff-1', name: 'Kim Ng' },
        { _id: 'staff-2', name: 'Lee Park' },
      ],
    });
  });

  it('assigns the question and closes it, and offers to turn it into a quote', async () => {
    answer('get', '/api/questions/question-1', question);
    const changed = answer('patch', '/api/questions/question-1', {
      ...question,
      assignee: { _id: 'staff-2', name: 'Lee Park' },
    });
    const { user } = renderAt('admin');

    expect(await screen.findByRole('heading', { name: 'Do you do podcasts?' })).toBeInTheDocument();
    expect(screen.getByText(/Asked by Ana Lima \(ana@example\.com\), Lima Studio/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Turn into a quote' })).toHaveAttribute(
      'href',
      '/wkm-dashboard/custom-quotes/new?question=question-1',
    );
    await user.selectOptions(screen.getByLabelText('Assigned to'), 'staff-2');
    await waitFor(() => expect(changed).toHaveLength(1));
    expect(changed[0]!.body).toEqual({ assigneeId: 'staff-2' });

    await user.click(screen.getByRole('button', { name: 'Close question' }));
    await waitFor(() => expect(changed).toHaveLength(2));
    expect(changed[1]!.body).toEqual({ status: 'closed' });
  });

  it('says why a change was refused', async () => {
    answer('get', '/api/questions/question-1', question);
    answer(
      'patch',
      '/api/questions/question-1',
      { message: 'Only a team member can be assigned' },
      { status: 400 },
    );
    const { user } = renderAt('admin');

    await user.selectOptions(await screen.findByLabelText('Assigned to'), 'staff-1');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Only a team member can be assigned',
    );
  });
});
