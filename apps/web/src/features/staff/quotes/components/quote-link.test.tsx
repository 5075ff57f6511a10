import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EMAIL_MESSAGE } from '@noise/shared/fields';
import { renderWithApp } from '@/test/render';
import { sentQuote } from '@/test/quote';
import { answer } from '@/test/server';
import { QuoteLinkPanel } from './quote-link';

const quote = sentQuote;

const URL = '/api/quotes/quote-1/send';

async function renderPanel() {
  const rendered = renderWithApp(<QuoteLinkPanel quote={quote} />, { role: 'admin' });
  await rendered.user.click(screen.getByRole('button', { name: 'Generate Custom Quote Link' }));
  return rendered;
}

describe('QuoteLinkPanel: Send to customer', () => {
  it("sends to the quote's own recipient without an address", async () => {
    const sent = answer('post', URL, { message: 'Sent' }, { status: 202 });
    const { user } = await renderPanel();
    await user.click(screen.getByRole('button', { name: 'Send to customer' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({});
  });

  it('refuses an address that is not one at the field, and sends nothing', async () => {
    const sent = answer('post', URL, { message: 'Sent' }, { status: 202 });
    const { fill, user } = await renderPanel();
    await fill(screen.getByLabelText("Customer's email"), 'not an address');
    await user.click(screen.getByRole('button', { name: 'Send to customer' }));
    await waitFor(() =>
      expect(screen.getByLabelText("Customer's email")).toHaveAccessibleDescription(EMAIL_MESSAGE),
    );
    expect(sent).toHaveLength(0);
  });

  it("shows the server's refusal of the address at the field and keeps it", async () => {
    const sent = answer(
      'post',
      URL,
      {
        error: 'validation_error',
        message: 'Check the address',
        details: [{ path: 'email', message: 'That address cannot receive mail' }],
      },
      { status: 400 },
    );
    const { fill, user } = await renderPanel();
    await fill(screen.getByLabelText("Customer's email"), 'Ben@Example.com');
    await user.click(screen.getByRole('button', { name: 'Send to customer' }));
    await waitFor(() =>
      expect(screen.getByLabelText("Customer's email")).toHaveAccessibleDescription(
        'That address cannot receive mail',
      ),
    );
    expect(sent[0]!.body).toEqual({ email: 'ben@example.com' });
    expect(screen.getByLabelText("Customer's email")).toHaveValue('Ben@Example.com');
  });
});
