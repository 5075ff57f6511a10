import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { User } from '@noise/shared/user';
import { renderWithApp } from '@/test/render';
import { answer } from '@/test/server';
import { customer } from '../components/customer.fixture';
import { CustomersListRoute } from './customers-list';

const owner: User = {
  ...customer,
  _id: 'client-2',
  email: 'sam@quiet.example',
  profile: { ...customer.profile, firstName: 'Sam', lastName: 'Lee', contactNumber: '' },
  company: { _id: 'company-2', name: 'Quiet Pty', role: 'owner' },
};

const URL = '/api/users/clients';
const renderList = () =>
  renderWithApp(
    <Routes>
      <Route path="/wkm-dashboard/customers" element={<CustomersListRoute />} />
    </Routes>,
    { path: '/wkm-dashboard/customers', role: 'admin' },
  );

describe('CustomersListRoute', () => {
  // The page's title names the agency.
  beforeEach(() => {
    answer('get', '/api/config', { companyName: 'Noise' });
  });

  it('lists each customer with company, role, phone, email and an Edit link', async () => {
    answer('get', URL, [customer, owner]);
    renderList();

    const jo = (await screen.findByText('Jo Bloggs', { selector: 'p' })).closest('tr')!;
    expect(within(jo).getByText('Loud Co · Billing')).toBeInTheDocument();
    expect(within(jo).getByText('0412345678')).toBeInTheDocument();
    expect(within(jo).getByText('jo@loud.example')).toBeInTheDocument();
    // jsdom drops the space before the hidden name that a browser reads.
    expect(within(jo).getByRole('link', { name: /^Edit\s*Jo Bloggs$/ })).toHaveAttribute(
      'href',
      '/wkm-dashboard/customers/edit/client-1',
    );

    const sam = screen.getByText('Sam Lee', { selector: 'p' }).closest('tr')!;
    // An owner's role is not spelled out; a missing phone is a dash.
    expect(within(sam).getByText('Quiet Pty')).toBeInTheDocument();
    expect(within(sam).getByText('—')).toBeInTheDocument();
  });

  it('searches by what was typed and says when nothing matches', async () => {
    const sent = answer('get', URL, []);
    const { user } = renderList();

    expect(await screen.findByText('No customers yet.')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search customers' }), ' zed ');

    expect(await screen.findByText('No customers match "zed".')).toBeInTheDocument();
    await waitFor(() =>
      expect(sent.map((call) => new globalThis.URL(call.url).searchParams.get('q'))).toContain(
        'zed',
      ),
    );
    expect(new globalThis.URL(sent[0]!.url).searchParams.get('q')).toBe('');
  });

  it('says the customers could not be loaded, with a way to try again', async () => {
    answer('get', URL, { message: 'Server down' }, { status: 500 });
    renderList();

    expect(await screen.findByText(/could not load customers/i)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /try again/i })).toBeInTheDocument();
  });
});
