import type { EmailKind } from '../../lib/email-kinds.ts';
import {
  accountStartedAfresh,
  confirmEmail,
  passwordReset,
  welcomePassword,
} from '../emails/accounts.ts';

/** The mail this module sends, with demo data (the staff's Emails page, the HTML check). */
export const authEmails: EmailKind[] = [
  {
    kind: 'password-reset',
    title: 'Password reset',
    sentWhen: 'To the person who asked for a reset link on the sign-in form.',
    demo: (shop) =>
      passwordReset({
        companyName: shop.companyName,
        firstName: 'Olivia',
        link: `${shop.publicUrl}/reset-password?token=demo`,
        validMinutes: 60,
      }),
  },
  {
    kind: 'welcome-password',
    title: 'Choose a password',
    sentWhen: 'To a guest whose first order made an account.',
    demo: (shop) =>
      welcomePassword({
        companyName: shop.companyName,
        firstName: 'Olivia',
        email: 'olivia@olive-bakery.example',
        link: `${shop.publicUrl}/reset-password?token=demo`,
        validDays: 7,
      }),
  },
  {
    kind: 'confirm-email',
    title: 'Confirm your email address',
    sentWhen: 'To a person who signed up with an email and password, and again when they ask.',
    demo: (shop) =>
      confirmEmail({
        companyName: shop.companyName,
        firstName: 'Olivia',
        email: 'olivia@olive-bakery.example',
        link: `${shop.publicUrl}/verify-email?token=demo`,
        validDays: 7,
      }),
  },
  {
    kind: 'account-started-afresh',
    title: 'Changes undone when an address was confirmed',
    sentWhen:
      'To a person whose first confirmation of their address took back invitations, teammates or two-factor set up before it.',
    demo: (shop) =>
      accountStartedAfresh({
        companyName: shop.companyName,
        firstName: 'Olivia',
        undone: [
          'The invitation to sam@example.com was withdrawn',
          'Sam Lee (sam@example.com), who joined as Owner, was removed from the team',
          'Two-factor sign-in was turned off',
        ],
        link: `${shop.publicUrl}/dashboard/team`,
      }),
  },
];
