import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { WebhookEndpointWithSecret } from '@noise/shared/webhooks';
import { renderWithApp } from '@/test/render';
import { answer } from '@/test/server';
import { WebhooksRoute } from './webhooks';

const made: WebhookEndpointWithSecret = {
  _id: 'ep-1',
  url: 'https://crm.example.com/hooks',
  description: 'Our CRM',
  events: ['order.paid'],
  disabledAt: null,
  disabledReason: '',
  createdAt: '2026-11-26T00:00:00.000Z',
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
};

describe('Webhooks', () => {
  it('refuses an endpoint without an address or an event, then adds it and shows its secret once', async () => {
    answer('get', '/api/config', { companyName: 'Noise' });
    answer('get', '/api/webhooks', []);
    answer('get', '/api/api-keys', []);
    const sent = answer('post', '/api/webhooks', made, { status: 201 });
    const { fill, user } = renderWithApp(<WebhooksRoute />, { path: '/wkm-dashboard/webhooks' });

    await user.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add endpoint' });
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/Endpoint URL/)).toHaveAccessibleDescription(
        'Enter the full address of your endpoint, starting with https://',
      ),
    );
    expect(within(dialog).getByText('Choose at least one event')).toBeVisible();
    expect(sent).toHaveLength(0);

    await fill(within(dialog).getByLabelText(/Endpoint URL/), made.url);
    await fill(within(dialog).getByLabelText('Description'), 'Our CRM');
    await user.click(within(dialog).getByRole('checkbox', { name: /order\.paid/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));

    const secret = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect(within(secret).getByLabelText('Signing secret')).toHaveValue(made.secret);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({
      url: made.url,
      description: 'Our CRM',
      events: ['order.paid'],
    });
  });
});
