import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CreatedApiKey } from '@noise/shared/api-keys';
import { renderWithApp } from '@/test/render';
import { answer } from '@/test/server';
import { ApiKeysSection } from './api-keys-section';

const made: CreatedApiKey = {
  _id: 'key-1',
  name: 'CRM sync',
  prefix: 'nk_live_AbC123',
  permissions: ['sales:manage'],
  createdBy: { _id: 'me', name: 'Cora' },
  createdAt: '2026-11-26T00:00:00.000Z',
  expiresAt: null,
  lastUsedAt: null,
  revokedAt: null,
  key: 'nk_live_AbC123defGHIjklMNOpqrSTUvwxYZ0123456789-_ab',
};

describe('API keys', () => {
  it('refuses a key without a name or a permission, then creates it and shows it once', async () => {
    answer('get', '/api/config', { companyName: 'Noise', businessTimeZone: 'Australia/Sydney' });
    answer('get', '/api/users/api-keys', []);
    const sent = answer('post', '/api/users/api-keys', made, { status: 201 });
    const { fill, user } = renderWithApp(<ApiKeysSection scope="mine" />, {
      path: '/wkm-dashboard/account',
      role: 'co-ordinator',
    });

    await user.click(await screen.findByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    // A co-ordinator is offered their own permissions only.
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(3);
    for (const permission of ['overview:read', 'customers:manage', 'sales:manage']) {
      expect(within(dialog).getByRole('checkbox', { name: new RegExp(permission) })).toBeVisible();
    }
    expect(within(dialog).queryByRole('checkbox', { name: /webhooks:manage/ })).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Create API key' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/Name/)).toHaveAccessibleDescription(
        /Give the key a name/,
      ),
    );
    expect(within(dialog).getByText('Choose at least one permission')).toBeVisible();
    expect(sent).toHaveLength(0);

    await fill(within(dialog).getByLabelText(/Name/), 'CRM sync');
    await user.click(within(dialog).getByRole('checkbox', { name: /sales:manage/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create API key' }));

    const shown = await screen.findByRole('dialog', { name: 'Your new API key' });
    expect(within(shown).getByLabelText('API key')).toHaveValue(made.key);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({
      name: 'CRM sync',
      permissions: ['sales:manage'],
      expiresOn: null,
    });
  });

  it('shows a refusal from the server at its field', async () => {
    answer('get', '/api/config', { companyName: 'Noise', businessTimeZone: 'Australia/Sydney' });
    answer('get', '/api/users/api-keys', []);
    const message = 'The expiry date is in the past: choose today or a later day';
    answer(
      'post',
      '/api/users/api-keys',
      { error: 'bad_request', message, details: [{ path: 'expiresOn', message }] },
      { status: 400 },
    );
    const { fill, user } = renderWithApp(<ApiKeysSection scope="mine" />, {
      path: '/wkm-dashboard/account',
      role: 'admin',
    });
    await user.click(await screen.findByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    await fill(within(dialog).getByLabelText(/Name/), 'Old tool');
    await user.click(within(dialog).getByRole('checkbox', { name: /reporting:read/ }));
    await fill(within(dialog).getByLabelText(/Expires on/), '2020-01-01');
    await user.click(within(dialog).getByRole('button', { name: 'Create API key' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/Expires on/)).toHaveAccessibleDescription(
        new RegExp(message),
      ),
    );
  });
});
