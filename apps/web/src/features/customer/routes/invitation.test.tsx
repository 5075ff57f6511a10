import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { InvitationView } from '@noise/shared/company';
import { renderWithApp } from '@/test/render';
import { answer } from '@/test/server';
import { InvitationRoute } from './invitation';

const invitation: InvitationView = {
  companyName: 'Crumb Bakery',
  invitedByName: 'Olive Owner',
  email: 'bea@example.com',
  role: 'member',
  state: 'open',
  hasAccount: false,
};

function renderInvitation() {
  answer('get', '/api/config', { companyName: 'Noise' });
  answer('get', '/api/invitations/tok-1', invitation);
  return renderWithApp(
    <Routes>
      <Route path="/invitations/:token" element={<InvitationRoute />} />
    </Routes>,
    { path: '/invitations/tok-1' },
  );
}

describe('InvitationRoute, for an email without an account', () => {
  it('names the blank name at its field, moves there, and sends nothing', async () => {
    const sent = answer('post', '/api/invitations/tok-1/accept', {});
    const { user } = renderInvitation();

    await user.click(await screen.findByRole('button', { name: 'Join Crumb Bakery' }));

    const firstName = screen.getByLabelText('First name');
    await waitFor(() => expect(firstName).toHaveAccessibleDescription('Enter your first name'));
    expect(firstName).toHaveFocus();
    expect(screen.getByLabelText('Last name')).toHaveAccessibleDescription('Enter your last name');
    expect(sent).toHaveLength(0);
  });

  it('sends the name and password; a refusal is said and what was typed stays', async () => {
    const sent = answer(
      'post',
      '/api/invitations/tok-1/accept',
      { error: 'conflict', message: 'This invitation was withdrawn' },
      { status: 409 },
    );
    const { fill, user } = renderInvitation();

    await fill(await screen.findByLabelText('First name'), ' Bea ');
    await fill(screen.getByLabelText('Last name'), 'Baker');
    await fill(
      screen.getByLabelText('Choose a password', { selector: 'input' }),
      'a long password',
    );
    await user.click(screen.getByRole('button', { name: 'Join Crumb Bakery' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('This invitation was withdrawn');
    expect(sent[0]!.body).toEqual({
      firstName: 'Bea',
      lastName: 'Baker',
      password: 'a long password',
    });
    expect(screen.getByLabelText('First name')).toHaveValue(' Bea ');
    expect(screen.getByLabelText('Choose a password', { selector: 'input' })).toHaveValue(
      'a long password',
    );
  });
});
