import type { EmailKind } from '../../lib/email-kinds.ts';
import { providerLink } from '../emails/accounts.ts';

/** The mail this module sends, with demo data (the staff's Emails page, the HTML check). */
export const oauthEmails: EmailKind[] = [
  {
    kind: 'provider-link',
    title: 'Add a sign-in provider',
    sentWhen:
      'To an account without a password when Google, Facebook or Apple vouched for its address.',
    demo: (shop) =>
      providerLink({
        companyName: shop.companyName,
        firstName: 'Olivia',
        provider: 'Google',
        link: `${shop.publicUrl}/sign-in-link?ticket=demo`,
        validMinutes: 30,
      }),
  },
];
