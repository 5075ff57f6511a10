import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render';
import { answer } from '@/test/server';
import { ConfirmEmailNotice } from './confirm-email-notice';

const RESEND = '/api/auth/verify-email/resend';

describe('ConfirmEmailNotice', () => {
  it("sends the link again and says so in the server's words", async () => {
    const sent = answer('post', RESEND, { message: 'We sent a new link to olive@example.com.' });
    const { user } = renderWithApp(<ConfirmEmailNotice email="olive@example.com" />, {
      role: 'client',
    });
    await user.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'We sent a new link to olive@example.com.',
    );
    expect(sent).toHaveLength(1);
  });

  it('says the answer could not be read when it is not the one expected', async () => {
    answer('post', RESEND, { unexpected: true });
    const { user } = renderWithApp(<ConfirmEmailNotice email="olive@example.com" />, {
      role: 'client',
    });
    await user.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The server sent an answer we could not read',
    );
  });
});
