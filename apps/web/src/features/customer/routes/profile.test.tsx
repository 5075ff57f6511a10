import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { User } from '@noise/shared/user';
import { renderWithApp } from '@/test/render';
import { answer } from '@/test/server';
import { ProfileRoute } from './profile';

const customer: User = {
  _id: 'user-1',
  email: 'ana@example.com',
  role: 'client',
  isOAuth: false,
  // Two-factor waits for a proven address: the page asks for that instead.
  emailVerified: false,
  hasPassword: true,
  profile: {
    firstName: 'Ana',
    lastName: 'Lima',
    displayName: '',
    companyName: 'Lima Bakery',
    contactNumber: '',
    bio: '',
    profilePhotoURL: '',
  },
  paymentInfo: { defaultPaymentMethodId: null, paymentCustomerId: null },
};

beforeEach(() => {
  answer('get', '/api/config', { companyName: 'Noise' });
  answer('get', '/api/auth/user', customer);
});

const renderProfile = () => renderWithApp(<ProfileRoute />, { role: 'client' });

describe('Your details', () => {
  it('saves only once changed, and names a blank name at its field with the focus there', async () => {
    const sent = answer('put', '/api/users/profile', customer);
    const { fill, user } = renderProfile();
    const details = within(await screen.findByRole('region', { name: 'Your details' }));
    expect(details.getByRole('button', { name: 'Save details' })).toBeDisabled();

    await fill(details.getByLabelText('First name'), '');
    await user.click(details.getByRole('button', { name: 'Save details' }));

    const firstName = details.getByLabelText('First name');
    await waitFor(() => expect(firstName).toHaveAccessibleDescription('This field is required'));
    expect(firstName).toHaveFocus();
    expect(sent).toHaveLength(0);
  });

  it('sends the profile; a refusal is said and what was typed stays', async () => {
    const sent = answer(
      'put',
      '/api/users/profile',
      { error: 'service_unavailable', message: 'The service is briefly unavailable.' },
      { status: 503 },
    );
    const { fill, user } = renderProfile();
    const details = within(await screen.findByRole('region', { name: 'Your details' }));

    await fill(details.getByLabelText('Contact number'), '0412 345 678');
    await user.click(details.getByRole('button', { name: 'Save details' }));

    expect(await details.findByRole('alert')).toHaveTextContent(
      'The service is briefly unavailable.',
    );
    expect(sent[0]!.body).toEqual({
      profile: {
        firstName: 'Ana',
        lastName: 'Lima',
        companyName: 'Lima Bakery',
        contactNumber: '0412 345 678',
      },
    });
    expect(details.getByLabelText('Contact number')).toHaveValue('0412 345 678');
    expect(details.getByRole('button', { name: 'Save details' })).toBeEnabled();
  });
});

describe('Password', () => {
  it('sends the current and new password; a refusal is said and what was typed stays', async () => {
    const sent = answer(
      'put',
      '/api/users/password',
      { error: 'bad_request', message: 'Your current password is not right' },
      { status: 400 },
    );
    const { fill, user } = renderProfile();
    const password = within(await screen.findByRole('region', { name: 'Password' }));

    await fill(password.getByLabelText('Current password', { selector: 'input' }), 'old one');
    await fill(password.getByLabelText('New password', { selector: 'input' }), 'a long password');
    await fill(
      password.getByLabelText('Confirm new password', { selector: 'input' }),
      'a long password',
    );
    await user.click(password.getByRole('button', { name: 'Change password' }));

    expect(await password.findByRole('alert')).toHaveTextContent(
      'Your current password is not right',
    );
    expect(sent[0]!.body).toEqual({ currentPassword: 'old one', newPassword: 'a long password' });
    expect(password.getByLabelText('Current password', { selector: 'input' })).toHaveValue(
      'old one',
    );
  });
});
