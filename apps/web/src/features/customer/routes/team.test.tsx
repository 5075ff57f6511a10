import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Team } from '@noise/shared/company';
import { renderWithApp } from '@/test/render';
import { answer } from '@/test/server';
import { TeamRoute } from './team';

const owner = {
  _id: 'user-owner',
  email: 'olive@example.com',
  role: 'client',
  isOAuth: false,
  profile: {
    firstName: 'Olive',
    lastName: 'Owner',
    displayName: '',
    companyName: 'Crumb Bakery',
    contactNumber: '',
    bio: '',
    profilePhoto: '',
  },
  paymentInfo: { paymentCustomerId: null, defaultPaymentMethodId: null },
  company: { _id: 'company-1', name: 'Crumb Bakery', role: 'owner' },
};

const team: Team = {
  company: { _id: 'company-1', name: 'Crumb Bakery' },
  members: [
    {
      userId: 'user-owner',
      name: 'Olive Owner',
      email: 'olive@example.com',
      role: 'owner',
      joinedAt: '2026-11-01T00:00:00.000Z',
    },
  ],
  invitations: [],
};

function renderTeam() {
  answer('get', '/api/config', { companyName: 'Noise' });
  answer('get', '/api/auth/user', owner);
  answer('get', '/api/company', team);
  return renderWithApp(<TeamRoute />, { role: 'client' });
}

describe('Team', () => {
  it('refuses a malformed email and sends nothing', async () => {
    const sent = answer('post', '/api/company/invitations', team);
    const { fill, user } = renderTeam();
    const invite = within(await screen.findByRole('region', { name: 'Invite a teammate' }));

    await fill(invite.getByLabelText(/Email/), 'not an email');
    await user.click(invite.getByRole('button', { name: 'Invite a teammate' }));

    // The form checks itself asynchronously: wait for the message, not for a render.
    await waitFor(() =>
      expect(invite.getByLabelText(/Email/)).toHaveAccessibleDescription(
        'Please enter a valid email address',
      ),
    );
    expect(sent).toHaveLength(0);
  });

  it('sends the email and role, and lists the invitation the server answers', async () => {
    const invited: Team = {
      ...team,
      invitations: [
        {
          _id: 'inv-1',
          email: 'bea@example.com',
          role: 'billing',
          invitedByName: 'Olive Owner',
          createdAt: '2026-11-26T00:00:00.000Z',
          expiresAt: '2026-12-03T00:00:00.000Z',
          expired: false,
        },
      ],
    };
    const sent = answer('post', '/api/company/invitations', invited);
    const { fill, user } = renderTeam();
    const invite = within(await screen.findByRole('region', { name: 'Invite a teammate' }));

    await fill(invite.getByLabelText(/Email/), 'Bea@Example.com ');
    await user.selectOptions(invite.getByLabelText('Role'), 'billing');
    expect(
      invite.getByText(
        'Billing: Invoices, adjustment notes, payments and subscriptions; no messages.',
      ),
    ).toBeInTheDocument();
    await user.click(invite.getByRole('button', { name: 'Invite a teammate' }));

    const invitations = within(await screen.findByRole('region', { name: 'Invitations' }));
    expect(invitations.getByText('bea@example.com')).toBeInTheDocument();
    expect(sent.map((call) => call.body)).toEqual([{ email: 'bea@example.com', role: 'billing' }]);
    await waitFor(() => expect(invite.getByLabelText(/Email/)).toHaveValue(''));
  });

  it('shows why an invitation was refused and keeps what was typed', async () => {
    answer(
      'post',
      '/api/company/invitations',
      {
        statusCode: 409,
        error: 'conflict',
        message: 'bea@example.com is already invited. Resend the invitation to send a new link.',
      },
      { status: 409 },
    );
    const { fill, user } = renderTeam();
    const invite = within(await screen.findByRole('region', { name: 'Invite a teammate' }));

    await fill(invite.getByLabelText(/Email/), 'bea@example.com');
    await user.click(invite.getByRole('button', { name: 'Invite a teammate' }));

    expect(await invite.findByRole('alert')).toHaveTextContent(
      'bea@example.com is already invited. Resend the invitation to send a new link.',
    );
    expect(invite.getByLabelText(/Email/)).toHaveValue('bea@example.com');
  });
});
