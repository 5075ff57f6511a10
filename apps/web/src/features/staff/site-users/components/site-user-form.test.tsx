import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PASSWORD_TOO_SHORT } from '@noise/shared/fields';
import type { User } from '@noise/shared/user';
import { toastSuccess } from '@/lib/toast';
import { renderWithApp } from '@/test/render';
import { answer } from '@/test/server';
import { SiteUserForm } from './site-user-form';

vi.mock('@/lib/toast', async (original) => ({
  ...(await original<typeof import('@/lib/toast')>()),
  toastSuccess: vi.fn(),
  toastError: vi.fn(),
}));

const coordinator: User = {
  _id: 'staff-1',
  email: 'kim@agency.example',
  role: 'co-ordinator',
  isOAuth: false,
  emailVerified: true,
  hasPassword: true,
  profile: {
    firstName: 'Kim',
    lastName: 'Ng',
    displayName: 'Kim',
    companyName: '',
    contactNumber: '0412345678',
    bio: 'Runs the requests.',
    profilePhotoURL: '',
  },
  paymentInfo: { defaultPaymentMethodId: null, paymentCustomerId: null },
  company: null,
};

const LIST = '/api/users/site-users';

/** A multipart body's fields as sent (a text part only). */
function partsOf(body: unknown): Record<string, string> {
  const parts: Record<string, string> = {};
  const text = String(body);
  for (const match of text.matchAll(/name="([^"]+)"\r\n\r\n([^\r]*)\r\n/g)) {
    parts[match[1]!] = match[2]!;
  }
  return parts;
}

const renderAdd = () =>
  renderWithApp(<SiteUserForm />, { path: '/wkm-dashboard/site-users/new', role: 'admin' });
const renderEdit = () =>
  renderWithApp(<SiteUserForm user={coordinator} />, {
    path: '/wkm-dashboard/site-users/edit/staff-1',
    role: 'admin',
  });

describe('SiteUserForm', () => {
  it('adds a user: its fields, and the roles an administrator may give', () => {
    renderAdd();

    for (const label of [
      'First Name',
      'Last Name',
      'Display Name',
      'Email Address',
      'Contact Number',
      'Bio Information',
      'Password',
    ]) {
      expect(screen.getByLabelText(label, { exact: false })).toBeInTheDocument();
    }
    const role = screen.getByRole('combobox', { name: /Role/ });
    expect(
      within(role)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select Role', 'Administrator', 'Co-ordinator', 'User']);
    expect(screen.getByRole('button', { name: 'Add User' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete User/ })).not.toBeInTheDocument();
  });

  it('refuses a missing email and role, and a short password, at the field and sends nothing', async () => {
    const sent = answer('post', LIST, coordinator);
    const { fill, user } = renderAdd();

    await fill(screen.getByLabelText(/^Password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Add User' }));

    await waitFor(() =>
      expect(screen.getByLabelText(/^Email Address/)).toHaveAccessibleDescription(
        'This field is required',
      ),
    );
    expect(screen.getByRole('combobox', { name: /Role/ })).toHaveAccessibleDescription(
      'Please choose a role',
    );
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription(
      expect.stringContaining(PASSWORD_TOO_SHORT),
    );
    expect(sent).toHaveLength(0);
  });

  it('sends the new user with its role and goes back to the list', async () => {
    const sent = answer('post', LIST, coordinator);
    const { fill, user, location } = renderAdd();

    await fill(screen.getByLabelText(/^First Name/), 'Kim');
    await fill(screen.getByLabelText(/^Email Address/), ' kim@agency.example ');
    await user.selectOptions(screen.getByRole('combobox', { name: /Role/ }), 'co-ordinator');
    await fill(screen.getByLabelText(/^Password/), 'long enough 1');
    await user.click(screen.getByRole('button', { name: 'Add User' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.method).toBe('POST');
    expect(partsOf(sent[0]!.body)).toMatchObject({
      email: 'kim@agency.example',
      role: 'co-ordinator',
      password: 'long enough 1',
      'profile[firstName]': 'Kim',
      'profile[lastName]': '',
    });
    await waitFor(() => expect(location().pathname).toBe('/wkm-dashboard/site-users'));
    expect(toastSuccess).toHaveBeenCalledWith('User added');
  });

  it("shows the server's refusal at the field and keeps what was typed", async () => {
    answer(
      'post',
      LIST,
      {
        message: 'The request is not valid',
        details: [{ path: 'email', message: 'That email address is already in use' }],
      },
      { status: 400 },
    );
    const { fill, user, location } = renderAdd();

    await fill(screen.getByLabelText(/^Email Address/), 'taken@agency.example');
    await user.selectOptions(screen.getByRole('combobox', { name: /Role/ }), 'admin');
    await fill(screen.getByLabelText(/^Last Name/), 'Ng');
    await user.click(screen.getByRole('button', { name: 'Add User' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('The request is not valid');
    expect(screen.getByLabelText(/^Email Address/)).toHaveAccessibleDescription(
      'That email address is already in use',
    );
    expect(screen.getByLabelText(/^Email Address/)).toHaveValue('taken@agency.example');
    expect(screen.getByLabelText(/^Last Name/)).toHaveValue('Ng');
    expect(location().pathname).toBe('/wkm-dashboard/site-users/new');
  });

  it('edits a user without sending a role or an empty password', async () => {
    const sent = answer('put', `${LIST}/staff-1`, coordinator);
    const roleSent = answer('post', `${LIST}/staff-1/role`, coordinator);
    const { fill, user, location } = renderEdit();

    expect(screen.getByLabelText(/^First Name/)).toHaveValue('Kim');
    expect(screen.getByRole('combobox', { name: /Role/ })).toHaveValue('co-ordinator');
    await fill(screen.getByLabelText(/^Bio Information/), 'Runs the board.');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.method).toBe('PUT');
    const parts = partsOf(sent[0]!.body);
    expect(parts).toMatchObject({ email: 'kim@agency.example', 'profile[bio]': 'Runs the board.' });
    expect(parts).not.toHaveProperty('role');
    expect(parts).not.toHaveProperty('password');
    await waitFor(() => expect(location().pathname).toBe('/wkm-dashboard/site-users'));
    expect(roleSent).toHaveLength(0);
    expect(toastSuccess).toHaveBeenCalledWith('User saved');
  });

  it('asks before changing a role, then sends the role on its own', async () => {
    const sent = answer('put', `${LIST}/staff-1`, coordinator);
    const roleSent = answer('post', `${LIST}/staff-1/role`, { ...coordinator, role: 'client' });
    const { user, location } = renderEdit();

    await user.selectOptions(screen.getByRole('combobox', { name: /Role/ }), 'client');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    const dialog = await screen.findByRole('alertdialog', { name: "Change this user's role?" });
    expect(dialog).toHaveTextContent(
      'kim@agency.example changes from Co-ordinator to User. They lose the staff area',
    );
    expect(sent).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Change role' }));

    await waitFor(() => expect(roleSent).toHaveLength(1));
    expect(roleSent[0]!.body).toEqual({ role: 'client' });
    expect(sent).toHaveLength(1);
    expect(partsOf(sent[0]!.body)).not.toHaveProperty('role');
    await waitFor(() => expect(location().pathname).toBe('/wkm-dashboard/site-users'));
  });
});
