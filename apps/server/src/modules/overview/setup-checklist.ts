import { companyPages, legalPageSlugs } from '@noise/shared/company-pages';
import type { SetupItem } from '@noise/shared/overview';
import type { Config } from '../../config.ts';

/**
 * The settings a shop needs before it trades for real. The demo install runs on sandbox payments
 * and mail written to a folder, which is right for trying it and wrong for customers: the staff
 * overview lists what is left, and a production start logs a warning for each.
 */
export interface SetupFacts {
  coordinators: number;
  /** Of the Terms of Service and Privacy Policy, the slugs the shop has written. */
  legalPagesWritten: string[];
}

export function setupChecklist(
  config: Config,
  { coordinators, legalPagesWritten }: SetupFacts,
): SetupItem[] {
  const legalLeft = companyPages.filter(
    (p) =>
      (legalPageSlugs as readonly string[]).includes(p.slug) && !legalPagesWritten.includes(p.slug),
  );
  const providers = Object.entries(config.oauth)
    .filter(([, settings]) => settings !== undefined)
    .map(([name]) => name.charAt(0).toUpperCase() + name.slice(1));
  const replies =
    config.inboundMail.smtpPort !== undefined || config.inboundMail.webhookSecret !== undefined;
  return [
    {
      id: 'coordinators',
      title: 'Co-ordinators',
      done: coordinators > 0,
      detail:
        coordinators > 0
          ? `${coordinators} co-ordinator${coordinators === 1 ? '' : 's'} can be assigned new orders.`
          : 'Nobody can be assigned new orders: they wait for you on this overview. Add a co-ordinator.',
      href: '/wkm-dashboard/site-users/new',
    },
    {
      id: 'abn',
      title: 'ABN on tax invoices',
      done: config.abn.trim() !== '',
      detail: config.abn.trim()
        ? `Tax invoices show ABN ${config.abn.trim()}.`
        : 'Without an ABN, invoices are titled ‘Invoice’ rather than ‘Tax invoice’, so GST-registered customers cannot claim the GST credit from them. A super-admin enters it under Settings › Business details.',
      href: null,
    },
    {
      id: 'payments',
      title: 'Live card payments',
      done: config.payments.provider !== 'sandbox',
      detail:
        config.payments.provider === 'sandbox'
          ? 'Payments run in the sandbox: test cards only, nobody is charged. Set PAYMENT_PROVIDER=stripe with your Stripe keys.'
          : 'Cards are charged through Stripe.',
      href: null,
    },
    {
      id: 'email',
      title: 'Email delivery',
      done: config.smtpUrl !== undefined,
      detail: config.smtpUrl
        ? 'Email goes out through your SMTP server.'
        : 'Email is written to the outbox folder on the server, not sent: customers get no receipts or links. Set SMTP_URL.',
      href: null,
    },
    {
      id: 'reply-by-email',
      title: 'Replies by email',
      done: replies,
      detail: replies
        ? 'Customers answer message emails by replying; the reply lands in the project.'
        : (config.mailRepliesLocal
            ? 'Replies to message emails reach the site only from this machine (npm run mail:reply). '
            : 'Customers cannot answer message emails by replying: they are asked to use the website. ') +
          "Set MAIL_INBOUND_PORT with your reply domain's MX record pointing here, or MAIL_INBOUND_SECRET for your mail provider's inbound webhook.",
      href: null,
    },
    {
      id: 'legal',
      title: 'Terms of Service and Privacy Policy',
      done: legalLeft.length === 0,
      detail:
        legalLeft.length === 0
          ? 'Your site shows your own Terms of Service and Privacy Policy.'
          : `Your site shows the demo ${legalLeft.map((p) => p.title).join(' and ')}. Replace ${legalLeft.length === 1 ? 'it' : 'them'} with your own, reviewed by a lawyer.`,
      href: '/wkm-dashboard/company-pages',
    },
    {
      id: 'sign-in',
      title: 'Sign-in with Google, Facebook or Apple',
      done: providers.length > 0,
      detail:
        providers.length > 0
          ? `Customers can sign in with ${providers.join(', ')}.`
          : 'Customers can only sign in with email. Set the keys of Google, Facebook or Apple to offer them.',
      href: null,
    },
  ];
}
