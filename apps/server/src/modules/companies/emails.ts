import type { EmailKind } from '../../lib/email-kinds.ts';
import { invitationMail, teamChangeMail } from '../emails/companies.ts';

/** The mail this module sends, with demo data (the staff's Emails page, the HTML check). */
export const companiesEmails: EmailKind[] = [
  {
    kind: 'team-invitation',
    title: 'Team invitation',
    sentWhen: 'To the person a client company’s owner invites to its team.',
    demo: (shop) =>
      invitationMail({
        shopName: shop.companyName,
        companyName: 'Olive Bakery',
        inviterName: 'Olivia Stone',
        role: 'member',
        link: `${shop.publicUrl}/invitations/demo`,
        expiresOn: '10 December 2026',
      }),
  },
  {
    kind: 'team-role',
    title: 'Team role changed',
    sentWhen: 'To a member of a client company whose role an owner changed.',
    demo: (shop) =>
      teamChangeMail({
        shopName: shop.companyName,
        companyName: 'Olive Bakery',
        change: { role: 'billing' },
        publicUrl: shop.publicUrl,
      }),
  },
  {
    kind: 'team-removed',
    title: 'Removed from a team',
    sentWhen: 'To a member an owner took out of a client company.',
    demo: (shop) =>
      teamChangeMail({
        shopName: shop.companyName,
        companyName: 'Olive Bakery',
        change: 'removed',
        publicUrl: shop.publicUrl,
      }),
  },
];
