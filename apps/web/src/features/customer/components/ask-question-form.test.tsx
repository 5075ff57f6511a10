import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { uploadForm } from '@/lib/upload';
import { renderWithApp } from '@/test/render';
import { AskQuestionForm } from './ask-question-form';

vi.mock('@/lib/upload', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/lib/upload')>();
  return { ...actual, uploadForm: vi.fn(actual.uploadForm) };
});

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
  quote: null,
  closedReason: null,
};

describe('AskQuestionForm', () => {
  it('refuses a blank question and sends nothing', async () => {
    const upload = vi.mocked(uploadForm);
    upload.mockClear();
    const { user, fill } = renderWithApp(<AskQuestionForm />, { role: 'client' });
    const field = screen.getByLabelText('Your question');
    await fill(field, '   ');
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(/Write your question/));
    expect(upload).not.toHaveBeenCalled();
  });

  it('keeps the question when it could not be sent, and sends it again', async () => {
    const upload = vi.mocked(uploadForm);
    upload.mockReset();
    upload.mockRejectedValueOnce(
      new ApiError(503, 'The server is busy: try again in a moment', 'unavailable'),
    );
    upload.mockResolvedValueOnce(question);
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
    const sent = upload.mock.calls.at(-1)!;
    expect(sent[0]).toBe('/api/questions');
    expect((sent[1] as FormData).get('text')).toBe('Can you also do our menus?');
  });
});
