import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_PROPOSAL_TERMS, type Quote } from '@noise/shared/quote';
import { renderWithApp } from '@/test/render';
import { sentQuote } from '@/test/quote';
import { answer } from '@/test/server';
import { QuoteForm } from './quote-form';

/** The quote as the server saved it: a draft, not yet sent. */
const saved: Quote = {
  ...sentQuote,
  deliverables: 'Logo, Style guide',
  createdBy: 'staff-1',
  state: 'Draft',
  sentAt: null,
  version: 1,
  validUntil: null,
  preparedBy: 'Staff One',
};

beforeEach(() => {
  // 'Start from a service' lists the services whose questions a quote may copy.
  answer('get', '/api/services/manage', []);
});

const renderForm = (quote?: Quote) =>
  renderWithApp(<QuoteForm quote={quote} />, { path: '/wkm-dashboard/custom-quotes/new' });

describe('QuoteForm', () => {
  it('refuses a quote without a name, a price or a valid address, and sends nothing', async () => {
    answer('get', '/api/quotes/recipients', []);
    const sent = answer('post', '/api/quotes', saved);
    const { fill, user } = renderForm();

    await user.type(screen.getByLabelText('For'), 'ana@example');
    await user.click(screen.getByRole('button', { name: 'Add Question' }));
    await user.click(screen.getByRole('button', { name: 'Create Quote' }));

    await waitFor(() =>
      expect(screen.getByLabelText('Quote Name')).toHaveAccessibleDescription(
        'Give the quote a name',
      ),
    );
    expect(screen.getByLabelText('Price')).toHaveAccessibleDescription('Price must be a number');
    expect(screen.getByLabelText('For')).toHaveAccessibleDescription(
      'Please enter a valid email address',
    );
    expect(screen.getByLabelText('Question')).toHaveAccessibleDescription('This field is required');

    await fill(screen.getByLabelText('Quote Name'), 'Brand refresh');
    await fill(screen.getByLabelText('Price'), '99.999');
    await user.click(screen.getByRole('button', { name: 'Create Quote' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Price')).toHaveAccessibleDescription(
        'Price can have at most 2 decimals',
      ),
    );
    expect(sent).toHaveLength(0);
  });

  it('sends the brief questions only once each has its wording', async () => {
    const sent = answer('post', '/api/quotes', saved);
    const { fill, user, location } = renderForm();

    await fill(screen.getByLabelText('Quote Name'), 'Brand refresh');
    await fill(screen.getByLabelText('Price'), '2500');
    await user.click(screen.getByRole('button', { name: 'Add Question' }));
    await user.click(screen.getByRole('button', { name: 'Create Quote' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Question')).toHaveAccessibleDescription(
        'This field is required',
      ),
    );

    await fill(screen.getByLabelText('Question'), 'Which colours do you like?');
    await user.click(screen.getByRole('button', { name: 'Create Quote' }));

    await waitFor(() =>
      expect(location().pathname).toBe('/wkm-dashboard/custom-quotes/edit/quote-1'),
    );
    // One request: the first click sent nothing.
    expect(sent).toHaveLength(1);
    expect((sent[0]!.body as { intakeQuestions: unknown }).intakeQuestions).toEqual([
      {
        id: expect.any(String),
        kind: 'short-text',
        label: 'Which colours do you like?',
        help: '',
        required: false,
        options: [],
      },
    ]);
  });

  it('creates the quote for the customer chosen in For, and opens it', async () => {
    const search = answer('get', '/api/quotes/recipients', [
      { id: 'cust-1', name: 'Ana Lima', email: 'ana@example.com' },
    ]);
    const sent = answer('post', '/api/quotes', saved);
    const { fill, user, location } = renderForm();

    await fill(screen.getByLabelText('Quote Name'), ' Brand refresh ');
    await user.type(screen.getByLabelText('For'), 'ana');
    await user.click(await screen.findByRole('option', { name: /Ana Lima/ }));
    await fill(screen.getByLabelText('Deliverables'), 'Logo, Style guide');
    await fill(screen.getByLabelText('Internal notes'), 'Friend of the owner');
    await fill(screen.getByLabelText('Price'), '2500');
    expect(screen.getByLabelText('Price')).toHaveAccessibleDescription(
      'Before GST. The customer pays $2,750.00 inc. GST.',
    );
    await fill(screen.getByLabelText('Delivery time (working days)'), '15');
    await user.click(screen.getByRole('button', { name: 'Create Quote' }));

    await waitFor(() =>
      expect(location().pathname).toBe('/wkm-dashboard/custom-quotes/edit/quote-1'),
    );
    expect(new URL(search.at(-1)!.url).searchParams.get('q')).toBe('ana');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({
      name: 'Brand refresh',
      summary: '',
      internalNotes: 'Friend of the owner',
      deliverables: 'Logo, Style guide',
      extras: '',
      value: 2500,
      deliveryDays: 15,
      intakeQuestions: [],
      deposit: { kind: 'none', value: 0 },
      customerId: 'cust-1',
      recipientEmail: 'ana@example.com',
      // A new proposal starts with the shop's terms, valid 30 days from sending.
      terms: DEFAULT_PROPOSAL_TERMS,
      validUntil: null,
    });
  });

  it('updates a stored quote by its id', async () => {
    const sent = answer('put', '/api/quotes/quote-1', saved);
    const { fill, user, location } = renderForm(saved);

    await fill(screen.getByLabelText('Price'), '3000.5');
    await user.click(screen.getByRole('button', { name: 'Update Quote' }));

    await waitFor(() => expect(location().pathname).toBe('/wkm-dashboard/custom-quotes'));
    expect(sent[0]!.body).toMatchObject({ value: 3000.5, customerId: 'cust-1' });
  });
});
