import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ABN_MESSAGE } from '@noise/shared/business-details';
import { toastSuccess } from '@/lib/toast';
import { renderWithApp } from '@/test/render';
import { answer } from '@/test/server';
import { BusinessDetailsForm } from './business-details-form';
import { blankBusinessDetails } from './business-details.fixture';

vi.mock('@/lib/toast', async (original) => ({
  ...(await original<typeof import('@/lib/toast')>()),
  toastSuccess: vi.fn(),
}));

const details = blankBusinessDetails;

const URL = '/api/settings/business-details';
const renderForm = () =>
  renderWithApp(<BusinessDetailsForm details={details} />, { path: '/wkm-dashboard/settings' });

describe('BusinessDetailsForm', () => {
  it('names what is wrong under each field and sends nothing', async () => {
    const sent = answer('put', URL, details);
    const { fill, user } = renderForm();

    await fill(screen.getByLabelText('ABN'), '51 824 753 557');
    await fill(screen.getByLabelText('Brand colour'), 'pink');
    await fill(screen.getByLabelText('Privacy Policy link'), 'privacy');
    await user.click(screen.getByRole('button', { name: 'Save business details' }));

    await waitFor(() =>
      expect(screen.getByLabelText('ABN')).toHaveAccessibleDescription(ABN_MESSAGE),
    );
    expect(screen.getByLabelText('Brand colour')).toHaveAccessibleDescription(/six hex digits/);
    expect(screen.getByLabelText('Privacy Policy link')).toHaveAccessibleDescription(
      /full web address/,
    );
    expect(sent).toHaveLength(0);
  });

  it('saves the details as the server takes them, and says so', async () => {
    const sent = answer('put', URL, {
      ...details,
      abn: '51 824 753 556',
      savedAt: '2026-11-28T00:00:00.000Z',
      savedByName: 'Sam',
    });
    const { fill, user } = renderForm();

    await fill(screen.getByLabelText('ABN'), '51824753556');
    await fill(screen.getByLabelText('Support email'), 'Help@Agency.example');
    await user.click(screen.getByRole('button', { name: 'Save business details' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toMatchObject({
      companyName: 'Make Noise Agency',
      abn: '51 824 753 556',
      supportEmail: 'help@agency.example',
    });
    await waitFor(() =>
      expect(toastSuccess).toHaveBeenCalledWith('Business details saved', expect.any(String)),
    );
    expect(screen.getByLabelText('ABN')).toHaveValue('51 824 753 556');
  });

  it('shows a refusal of the server and keeps what was typed', async () => {
    answer(
      'put',
      URL,
      {
        message: 'The request is not valid',
        details: [{ path: 'body.companyName', message: 'Enter the business name' }],
      },
      { status: 400 },
    );
    const { fill, user } = renderForm();

    await fill(screen.getByLabelText('Business name'), 'Loud Co');
    await user.click(screen.getByRole('button', { name: 'Save business details' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('The request is not valid');
    expect(screen.getByLabelText('Business name')).toHaveValue('Loud Co');
    expect(screen.getByLabelText('Business name')).toHaveAccessibleDescription(
      'Enter the business name',
    );
  });
});
