import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@noise/shared/user';
import { toastSuccess } from '@/lib/toast';
import { renderWithApp } from '@/test/render';
import { answer } from '@/test/server';
import { SiteUsersListRoute } from './site-users-list';

vi.mock('@/lib/toast', async (original) => ({
  ...(await original<typeof import('@/lib/toast')>()),
  toastSuccess: vi.fn(),
  toastError: vi.fn(),
}));

const profile: User['profile'] = {
  firstName: '',
  lastName: '',
  displayName: '',
  companyName: '',
  contactNumber: '',
  bio: '',
  profilePhotoURL: '',
};
const paymentInfo: User['paymentInfo'] = { defaultPaymentMethodId: null, paymentCustomerId: null };

const me: User = {
  _id: 'staff-1',
  email: 'ali@agency.example',
  role: 'admin',
  isOAuth: false,
  emailVerified: true,
  hasPassword: true,
  profile: { ...profile, firstName: 'Ali', lastName: 'Khan' },
  paymentInfo,
};
const coordinator: User = {
  ...me,
  _id: 'staff-2',
  email: 'kim@agency.example',
  role: 'co-ordinator',
  profile: { ...profile, displayName: 'Kim' },
};
const client: User = { ...me, _id: 'client-1', email: 'jo@loud.example', role: 'client', profile };

const LIST = '/api/users/site-users';
const renderList = () =>
  renderWithApp(
    <Routes>
      <Route path="/wkm-dashboard/site-users" element={<SiteUsersListRoute />} />
    </Routes>,
    { path: '/wkm-dashboard/site-users', role: 'admin' },
  );

/** The row of the user with this email. */
async function rowOf(email: string) {
  return (await screen.findByText(email, { selector: 'p.text-muted' })).closest('tr')!;
}

describe('SiteUsersListRoute', () => {
  beforeEach(() => {
    answer('get', '/api/config', { companyName: 'Noise' });
    answer('get', '/api/auth/user', me);
  });

  it('lists each user with their role, marks the one signed in, and links to add and edit', async () => {
    answer('get', LIST, [me, coordinator, client]);
    renderList();

    const mine = await rowOf('ali@agency.example');
    expect(within(mine).getByText('Ali Khan', { selector: 'p', exact: false })).toBeInTheDocument();
    await waitFor(() => expect(within(mine).getByText('You')).toBeInTheDocument());
    expect(within(mine).getByText('Administrator')).toBeInTheDocument();

    const kim = await rowOf('kim@agency.example');
    expect(within(kim).getByText('Kim', { selector: 'p' })).toBeInTheDocument();
    expect(within(kim).getByText('Co-ordinator')).toBeInTheDocument();
    expect(within(kim).queryByText('You')).not.toBeInTheDocument();
    // jsdom drops the space before the hidden name that a browser reads.
    expect(within(kim).getByRole('link', { name: /^Edit\s*Kim$/ })).toHaveAttribute(
      'href',
      '/wkm-dashboard/site-users/edit/staff-2',
    );

    // A user with no name is shown by their email; a client's role reads 'User'.
    const jo = await rowOf('jo@loud.example');
    expect(within(jo).getByText('jo@loud.example', { selector: 'p.font-semibold' })).toBeVisible();
    expect(within(jo).getByText('User')).toBeInTheDocument();
    // Two-factor is a super-admin's to reset.
    expect(within(kim).queryByRole('button', { name: /Reset two-factor/ })).toBeNull();

    expect(screen.getByRole('link', { name: 'Add New User' })).toHaveAttribute(
      'href',
      '/wkm-dashboard/site-users/new',
    );
  });

  it('deletes a user only once it is confirmed', async () => {
    answer('get', LIST, [me, coordinator]);
    const deleted = answer('delete', `${LIST}/staff-2`, {}, { status: 200 });
    const { user } = renderList();

    const kim = await rowOf('kim@agency.example');
    await user.click(within(kim).getByRole('button', { name: /^Delete\s*Kim$/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this user?' });
    expect(dialog).toHaveTextContent('Kim (kim@agency.example) will no longer be able to sign in.');
    expect(deleted).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Delete User' }));
    await waitFor(() => expect(deleted).toHaveLength(1));
    expect(deleted[0]!.method).toBe('DELETE');
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('User deleted'));
  });

  it('says when the users could not be loaded', async () => {
    answer('get', LIST, { message: 'Server down' }, { status: 500 });
    renderList();

    expect(await screen.findByText(/could not load site users/i)).toBeInTheDocument();
  });
});
