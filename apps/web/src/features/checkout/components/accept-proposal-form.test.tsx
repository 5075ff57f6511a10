import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render';
import { answer } from '@/test/server';
import { AcceptProposalForm, DeclineProposal } from './accept-proposal-form';

const renderForm = () =>
  renderWithApp(<AcceptProposalForm quoteId="quote-1" version={3} />, {
    path: '/custom-quote/quote-1',
  });

describe('AcceptProposalForm', () => {
  it('refuses a blank or one-letter name and an unticked box, and sends nothing', async () => {
    const sent = answer('post', '/api/quotes/quote-1/accept', { message: 'ok' });
    const { fill, user } = renderForm();

    await user.click(screen.getByRole('button', { name: 'Accept and sign' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Your full name')).toHaveAccessibleDescription(
        'Type your full name to sign',
      ),
    );
    expect(
      screen.getByLabelText('I have read this proposal and agree to its terms.'),
    ).toHaveAccessibleDescription('Tick the box to agree to the terms');

    await fill(screen.getByLabelText('Your full name'), 'J');
    await user.click(screen.getByLabelText('I have read this proposal and agree to its terms.'));
    await user.click(screen.getByRole('button', { name: 'Accept and sign' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Your full name')).toHaveAccessibleDescription(
        'Type your full name to sign',
      ),
    );
    expect(sent).toHaveLength(0);
  });

  it('sends the name, the tick and the version read; a refusal keeps the name typed', async () => {
    const sent = answer(
      'post',
      '/api/quotes/quote-1/accept',
      {
        code: 'conflict',
        message:
          'This proposal was changed since you opened it. Read the new version, then accept it.',
      },
      { status: 409 },
    );
    const { fill, user } = renderForm();

    await fill(screen.getByLabelText('Your full name'), '  Jane Proposal ');
    await user.click(screen.getByLabelText('I have read this proposal and agree to its terms.'));
    await user.click(screen.getByRole('button', { name: 'Accept and sign' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      method: 'POST',
      body: { name: 'Jane Proposal', agreeToTerms: true, version: 3 },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This proposal was changed since you opened it. Read the new version, then accept it.',
    );
    expect(screen.getByLabelText('Your full name')).toHaveValue('  Jane Proposal ');
  });
});

describe('DeclineProposal', () => {
  it('sends the reason typed', async () => {
    const sent = answer('post', '/api/quotes/quote-1/decline', { message: 'Declined' });
    const { fill, user } = renderWithApp(<DeclineProposal quoteId="quote-1" />);
    await user.click(screen.getByRole('button', { name: 'Decline this proposal' }));
    await fill(screen.getByLabelText('Why are you declining? (optional)'), 'Over budget');
    await user.click(screen.getByRole('button', { name: 'Decline proposal' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ method: 'POST', body: { reason: 'Over budget' } });
  });
});
