import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render';
import { answer } from '@/test/server';
import { AccountRoute } from './account';

const off = { enabled: false, recoveryCodesLeft: 0, requiredForStaff: false };
const on = { enabled: true, recoveryCodesLeft: 10, requiredForStaff: false };

describe('AccountRoute', () => {
  beforeEach(() => {
    answer('get', '/api/config', { companyName: 'Noise' });
    answer('get', '/api/users/api-keys', []);
  });

  it('sets up two-factor sign-in: the key, the code, then the recovery codes', async () => {
    answer('get', '/api/auth/two-factor/status', off);
    answer('post', '/api/auth/two-factor/setup', {
      secret: 'JBSWY3DPEHPK3PXP',
      otpauthUrl: 'otpauth://totp/Noise:staff@example.com?secret=JBSWY3DPEHPK3PXP',
      qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
    });
    const confirmed = answer('post', '/api/auth/two-factor/confirm', {
      recoveryCodes: ['aaaa-bbbb', 'cccc-dddd'],
    });
    const { user } = renderWithApp(<AccountRoute />, { role: 'admin' });

    await user.click(await screen.findByRole('button', { name: 'Set up two-factor sign-in' }));
    expect(await screen.findByLabelText('Setup key')).toHaveTextContent(/JBSW\s*Y3DP/);
    await user.type(screen.getByLabelText('Code from your app'), '123456');
    answer('get', '/api/auth/two-factor/status', on);
    await user.click(screen.getByRole('button', { name: 'Turn on two-factor' }));

    const codes = await screen.findByLabelText('Recovery codes');
    expect(codes).toHaveTextContent('aaaa-bbbb');
    expect(confirmed[0]!.body).toEqual({ code: '123456' });
  });

  it('turns it off with the password and a code, and shows why it was refused', async () => {
    answer('get', '/api/auth/two-factor/status', on);
    const refused = answer(
      'post',
      '/api/auth/two-factor/disable',
      { message: 'That code is not right' },
      { status: 400 },
    );
    const { user } = renderWithApp(<AccountRoute />, { role: 'admin' });

    expect(await screen.findByText('Two-factor sign-in is on.')).toBeInTheDocument();
    expect(screen.getByText('10 recovery codes left.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    await user.type(screen.getByLabelText('Password'), 'secret password');
    await user.type(screen.getByLabelText('Authentication code'), ' 654321 ');
    await user.click(screen.getByRole('button', { name: 'Turn off two-factor' }));

    await waitFor(() => expect(refused).toHaveLength(1));
    expect(refused[0]!.body).toEqual({ password: 'secret password', code: '654321' });
    expect(await screen.findByText('That code is not right')).toBeInTheDocument();
    // What was typed stays, to correct the code.
    expect(screen.getByLabelText('Password')).toHaveValue('secret password');
  });

  it('offers no way to turn it off when the administrator requires it', async () => {
    answer('get', '/api/auth/two-factor/status', { ...on, requiredForStaff: true });
    renderWithApp(<AccountRoute />, { role: 'co-ordinator' });

    const status = await screen.findByText('Two-factor sign-in is on.');
    expect(
      within(status.parentElement!).getByText(/Your administrator requires it for all staff/),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New recovery codes' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn off' })).toBeNull();
  });
});
