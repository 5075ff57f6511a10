import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render';
import { answer } from '@/test/server';
import { SignUpView } from './sign-up-view';

async function openEmailForm() {
  const app = renderWithApp(<SignUpView />);
  await app.user.click(await screen.findByRole('button', { name: 'Continue with Email' }));
  return app;
}

describe('SignUpView', () => {
  beforeEach(() => {
    answer('get', '/api/config', { companyName: 'Noise' });
  });

  it('names passwords that do not match at the field, moves there, and sends nothing', async () => {
    const sent = answer('post', '/api/auth/signup', { token: 'new-token' });
    const { fill, user } = await openEmailForm();

    await fill(screen.getByLabelText('Phone number'), '0412 345 678');
    await fill(screen.getByLabelText('Password', { selector: 'input' }), 'a long password');
    await fill(screen.getByLabelText('Confirm password', { selector: 'input' }), 'another one');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const confirm = screen.getByLabelText('Confirm password', { selector: 'input' });
    await waitFor(() => expect(confirm).toHaveAccessibleDescription('Passwords do not match'));
    expect(confirm).toHaveFocus();
    expect(sent).toHaveLength(0);
  });

  it("says the server's refusal in one sentence and keeps what was typed", async () => {
    const sent = answer(
      'post',
      '/api/auth/signup',
      { error: 'conflict', message: 'An account with this email already exists' },
      { status: 409 },
    );
    const { fill, user } = await openEmailForm();

    await fill(screen.getByLabelText('First name'), 'Olive');
    await fill(screen.getByLabelText('Email'), 'olive@example.com');
    await fill(screen.getByLabelText('Phone number'), '0412 345 678');
    await fill(screen.getByLabelText('Password', { selector: 'input' }), 'a long password');
    await fill(screen.getByLabelText('Confirm password', { selector: 'input' }), 'a long password');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to sign up: An account with this email already exists',
    );
    expect(sent[0]!.body).toEqual({
      firstName: 'Olive',
      lastName: '',
      email: 'olive@example.com',
      phoneNumber: '0412 345 678',
      password: 'a long password',
    });
    expect(screen.getByLabelText('First name')).toHaveValue('Olive');
    expect(screen.getByLabelText('Email')).toHaveValue('olive@example.com');
    expect(screen.getByRole('button', { name: 'Create account' })).toBeEnabled();
  });
});
