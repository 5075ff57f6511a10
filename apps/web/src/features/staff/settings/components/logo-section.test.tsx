import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { toastSuccess } from '@/lib/toast';
import { renderWithApp } from '@/test/render';
import { answer } from '@/test/server';
import { useBusinessDetails } from '../api/business-details';
import { LogoSection } from './logo-section';
import { blankBusinessDetails } from './business-details.fixture';

vi.mock('@/lib/toast', async (original) => ({
  ...(await original<typeof import('@/lib/toast')>()),
  toastSuccess: vi.fn(),
}));

const details = blankBusinessDetails;
const URL = '/api/settings/business-details';
const withLogo = { ...details, logoUrl: '/api/business/logo/0123456789abcdef.png' };

/** The card as the settings screen shows it: reading the details the mutations update. */
function Screen() {
  const current = useBusinessDetails().data;
  if (!current) return null;
  return <LogoSection logoUrl={current.logoUrl} companyName={current.companyName} />;
}

const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });

describe('LogoSection', () => {
  it('uploads the chosen file at once, then shows the logo and offers to remove it', async () => {
    answer('get', URL, details);
    const sent = answer('put', `${URL}/logo`, withLogo);
    const { user } = renderWithApp(<Screen />, { path: '/wkm-dashboard/settings' });

    await screen.findByText('No logo: the name is shown instead');
    await user.upload(screen.getByLabelText('Upload a logo'), png());

    expect(await screen.findByRole('img', { name: 'Make Noise Agency logo' })).toHaveAttribute(
      'src',
      withLogo.logoUrl,
    );
    expect(sent).toHaveLength(1);
    expect(toastSuccess).toHaveBeenCalledWith(
      'Logo saved',
      'The site, emails and invoices use it now.',
    );

    const removed = answer('delete', `${URL}/logo`, details);
    await user.click(screen.getByRole('button', { name: 'Remove logo' }));
    await screen.findByText('No logo: the name is shown instead');
    expect(removed).toHaveLength(1);
  });

  it("says the server's refusal under the field and keeps the logo there was", async () => {
    answer('get', URL, withLogo);
    answer(
      'put',
      `${URL}/logo`,
      {
        statusCode: 400,
        error: 'bad_request',
        message: 'The logo must be a PNG, JPEG or WebP image',
        details: [{ path: 'logo', message: 'The logo must be a PNG, JPEG or WebP image' }],
        requestId: 'r1',
      },
      { status: 400 },
    );
    const { user } = renderWithApp(<Screen />, { path: '/wkm-dashboard/settings' });

    await user.upload(await screen.findByLabelText('Replace the logo'), png());
    await waitFor(() =>
      expect(screen.getByLabelText('Replace the logo')).toHaveAccessibleDescription(
        /The logo must be a PNG, JPEG or WebP image/,
      ),
    );
    expect(screen.getByRole('img', { name: 'Make Noise Agency logo' })).toBeInTheDocument();
  });
});
