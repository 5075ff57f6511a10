import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Quote } from '@noise/shared/quote';
import { renderWithApp } from '@/test/render';
import { sentQuote } from '@/test/quote';
import { answer } from '@/test/server';
import { ProposalStatus } from './proposal-status';

const sent = sentQuote;

const recorded: Quote = {
  ...sent,
  state: 'Accepted',
  acceptedAt: '2026-11-26T00:00:00.000Z',
  accepted: {
    name: 'Ana Lima',
    at: '2026-11-26T00:00:00.000Z',
    version: 2,
    hash: 'a'.repeat(64),
    recordedBy: 'Ada Admin',
  },
  acceptanceNote: 'Signed copy received by post',
};

describe('ProposalStatus', () => {
  it('records an acceptance given on paper with who signed, how, and the version shown', async () => {
    const calls = answer('post', '/api/quotes/quote-1/record-acceptance', recorded);
    const { fill, user } = renderWithApp(<ProposalStatus quote={sent} />, { role: 'admin' });
    await user.click(screen.getByRole('button', { name: 'Record an acceptance given on paper' }));
    expect(screen.getByLabelText('Who signed it')).toHaveValue('Ana Lima');
    await user.click(screen.getByRole('button', { name: 'Record acceptance' }));
    await waitFor(() =>
      expect(screen.getByLabelText('How they accepted it')).toHaveAccessibleDescription(
        /Say how the customer accepted it/,
      ),
    );
    expect(calls).toHaveLength(0);
    await fill(screen.getByLabelText('How they accepted it'), 'Signed copy received by post');
    await user.click(screen.getByRole('button', { name: 'Record acceptance' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({
      name: 'Ana Lima',
      note: 'Signed copy received by post',
      version: 2,
    });
  });

  it('says an acceptance was recorded by staff, and how it was given', () => {
    renderWithApp(<ProposalStatus quote={recorded} />, { role: 'admin' });
    expect(screen.getByText(/recorded by Ada Admin/)).toBeTruthy();
    expect(screen.getByText('Accepted on paper by Ana Lima')).toBeTruthy();
    expect(screen.getByText(/Signed copy received by post/)).toBeTruthy();
  });
});
