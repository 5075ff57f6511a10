import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { AU_PHONE_MESSAGE } from '@noise/shared/phone';
import type { User } from '@noise/shared/user';
import { registerToaster, toastSuccess } from '@/lib/toast';
import { renderWithApp } from '@/test/render';
import { answer } from '@/test/server';
import { CustomerDetailsForm } from './customer-details-form';
import { customer } from './customer.fixture';

vi.mock('@/lib/toast', async (original) => ({
  ...(await original<typeof import('@/lib/toast')>()),
  toastSuccess: vi.fn(),
}));

const URL = '/api/users/clients/client-1';
const renderForm = () =>
  renderWithApp(<CustomerDetailsForm client={customer} />, {
    path: '/wkm-dashboard/customers/edit/client-1',
    role: 'admin',
  });

describe('CustomerDetailsForm', () => {
  it('shows the customer as they are, under its labels', () => {
    renderForm();

    expect(screen.getByRole('heading', { name: 'Customer Details' })).toBeInTheDocument();
    expect(screen.getByText('jo@loud.example')).toBeInTheDocument();
    expect(screen.getByLabelText('First Name')).toHaveValue('Jo');
    expect(screen.getByLabelText('Last Name')).toHaveValue('Bloggs');
    expect(screen.getByLabelText('Company Name')).toHaveValue('Loud Co');
    expect(screen.getByLabelText('Contact Number')).toHaveValue('0412345678');
  });

  it('refuses a phone number that is not Australian at the field and sends nothing', async () => {
    const sent = answer('put', URL, customer);
    const { fill, user } = renderForm();

    await fill(screen.getByLabelText('Contact Number'), '12345');
    await user.click(screen.getByRole('button', { name: 'Update' }));

    await waitFor(() =>
      expect(screen.getByLabelText('Contact Number')).toHaveAccessibleDescription(AU_PHONE_MESSAGE),
    );
    expect(sent).toHaveLength(0);
  });

  it('refuses a first name over 100 characters and sends nothing', async () => {
    const sent = answer('put', URL, customer);
    const { fill, user } = renderForm();

    await fill(screen.getByLabelText('First Name'), 'J'.repeat(101));
    await user.click(screen.getByRole('button', { name: 'Update' }));

    await waitFor(() =>
      expect(screen.getByLabelText('First Name')).toHaveAccessibleDescription(
        'Must be at most 100 characters',
      ),
    );
    expect(sent).toHaveLength(0);
  });

  it('sends the trimmed profile, the phone as its digits, and goes back to the list', async () => {
    const saved: User = {
      ...customer,
      profile: { ...customer.profile, firstName: 'Joanne', contactNumber: '0298765432' },
    };
    const sent = answer('put', URL, saved);
    const { fill, user, location } = renderForm();

    await fill(screen.getByLabelText('First Name'), '  Joanne ');
    await fill(screen.getByLabelText('Contact Number'), '(02) 9876 5432');
    await user.click(screen.getByRole('button', { name: 'Update' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.method).toBe('PUT');
    expect(new globalThis.URL(sent[0]!.url).pathname).toBe(URL);
    expect(sent[0]!.body).toEqual({
      profile: {
        firstName: 'Joanne',
        lastName: 'Bloggs',
        companyName: 'Loud Co',
        contactNumber: '0298765432',
      },
    });
    await waitFor(() => expect(location().pathname).toBe('/wkm-dashboard/customers'));
    expect(toastSuccess).toHaveBeenCalledWith('Customer updated');
  });

  it('tells a failed save and keeps what was typed', async () => {
    const sent = answer(
      'put',
      URL,
      { message: 'The customer could not be saved' },
      { status: 500 },
    );
    // The failure is told by a toast, which the app's toaster shows (api-client's toastError).
    const shown = vi.fn();
    onTestFinished(registerToaster(shown));
    const { fill, user, location } = renderForm();

    await fill(screen.getByLabelText('Last Name'), 'Smith');
    await user.click(screen.getByRole('button', { name: 'Update' }));

    await waitFor(() =>
      expect(shown).toHaveBeenCalledWith(
        'error',
        'Could not update the customer',
        'The customer could not be saved',
      ),
    );
    expect(sent).toHaveLength(1);
    expect(screen.getByLabelText('Last Name')).toHaveValue('Smith');
    expect(screen.getByRole('button', { name: 'Update' })).toBeEnabled();
    expect(location().pathname).toBe('/wkm-dashboard/customers/edit/client-1');
  });
});
