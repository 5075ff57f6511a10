import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render';
import { answer } from '@/test/server';
import { StaffLoginRoute } from './staff-login';

const ticket = 'ticket-0123456789abcdefghij';

describe('StaffLoginRoute', () => {
  // The page's title names the business.
  beforeEach(() => {
    answer('get', '/api/config', { companyName: 'Noise' });
  });

  it('names a blank field, says a refusal without telling which part, and keeps what was typed', async () => {
    const refused = answer(
      'post',
      '/api/auth/admin-login',
      { error: 'unauthorized', message: 'Invalid credentials' },
      { status: 401 },
    );
    const { fill, user } = renderWithApp(<StaffLoginRoute />, { path: '/wkm-login' });
    const email = screen.getByLabelText('Username or Email Address');

    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(email).toHaveAccessibleDescription('This field is required'));
    expect(refused).toHaveLength(0);

    await fill(email, 'cora@example.com');
    await fill(screen.getByLabelText('Password', { selector: 'input' }), 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Invalid email or password, or access denied',
    );
    expect(refused[0]!.body).toEqual({
      email: 'cora@example.com',
      password: 'wrong password',
      rememberMe: false,
    });
    expect(email).toHaveValue('cora@example.com');
  });

  it('asks for the second step, and keeps a refused code to correct', async () => {
    answer('post', '/api/auth/admin-login', { twoFactor: 'code', ticket });
    const refused = answer(
      'post',
      '/api/auth/two-factor',
      { error: 'unauthorized', message: 'That code is not right.' },
      { status: 401 },
    );
    const { fill, user } = renderWithApp(<StaffLoginRoute />, { path: '/wkm-login' });
    await fill(screen.getByLabelText('Username or Email Address'), 'cora@example.com');
    await fill(screen.getByLabelText('Password', { selector: 'input' }), 'right password');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    const code = await screen.findByLabelText('Authentication code');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription('This field is required'));
    expect(refused).toHaveLength(0);

    await fill(code, ' 123456 ');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right.');
    expect(code).toHaveValue(' 123456 ');
    expect(refused[0]!.body).toEqual({ ticket, code: '123456', rememberDevice: false });
    expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled();
  });
});
