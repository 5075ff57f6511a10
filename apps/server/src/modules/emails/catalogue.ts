import type { EmailMessage } from '../../lib/email-html.ts';
import {
  accountStartedAfresh,
  confirmEmail,
  passwordReset,
  providerLink,
  welcomePassword,
} from './accounts.ts';
import { invitationMail, teamChangeMail } from './companies.ts';
import { refusalNotice } from './inbound-mail.ts';
import { messageDigest, notificationCopy } from './notifications.ts';
import { billReceipt, billReminder, billSent } from './bills.ts';
import { questionDigest } from './questions.ts';
import {
  balanceReceipt,
  balanceReminder,
  balanceRequest,
  orderReceipt,
  planChangeReceipt,
  refundProcessed,
  renewalDeclined,
  renewalReceipt,
} from './payments.ts';
import { requestStartedMail } from './requests.ts';
import { dailySummary, webhookEndpointDisabled } from './staff.ts';

/** Who sends, for the demo data: the running shop's own name and address. */
export interface DemoShop {
  companyName: string;
  publicUrl: string;
}

export interface EmailKind {
  kind: string;
  title: string;
  /** When it is sent and to whom (docs/product.md#emails). */
  sentWhen: string;
  /** The email with made-up data: what the preview page and the HTML check render. */
  demo: (shop: DemoShop) => EmailMessage & { unsubscribeUrl?: string };
}

const demoBill = (shop: DemoShop) => ({
  companyName: shop.companyName,
  firstName: 'Olivia',
  number: 'B-0007',
  currency: 'AUD',
  dueCents: 165000,
  dueDate: '05 Mar, 2026',
  link: `${shop.publicUrl}/pay/invoice/demo-bill?t=demo`,
  note: 'Photography for the spring campaign, as agreed.',
  bank: { accountName: 'Make Noise Pty Ltd', bsb: '062-000', accountNumber: '12345678' },
});

const project = (shop: DemoShop) => `${shop.publicUrl}/dashboard/projects/demo-project`;
const unsubscribe = (shop: DemoShop, setting: string) =>
  `${shop.publicUrl}/api/notifications/unsubscribe?u=demo&s=${setting}&t=demo`;

/**
 * Every kind of email the shop sends, each from its template in this folder with demo data. A
 * new template gets its entry here: the preview page lists it and the HTML check validates it.
 */
export const emailKinds: EmailKind[] = [
  {
    kind: 'invoice-sent',
    title: 'Invoice',
    sentWhen: 'To the customer when staff send an invoice: its total, due date and pay link.',
    demo: (shop) => billSent(demoBill(shop)),
  },
  {
    kind: 'invoice-reminder',
    title: 'Invoice reminder',
    sentWhen:
      'To the customer a few days before an unpaid invoice is due, and again once it is overdue.',
    demo: (shop) => billReminder({ ...demoBill(shop), overdue: true }),
  },
  {
    kind: 'invoice-receipt',
    title: 'Invoice payment receipt',
    sentWhen:
      'To the customer when an invoice is paid by card or staff mark it paid; the tax invoice attached.',
    demo: (shop) =>
      billReceipt({
        companyName: shop.companyName,
        firstName: 'Olivia',
        number: 'B-0007',
        documentName: 'tax invoice',
        currency: 'AUD',
        amountCents: 165000,
        gstCents: 10000,
        how: 'by bank transfer',
        link: `${shop.publicUrl}/pay/invoice/demo-bill?t=demo`,
      }),
  },
  {
    kind: 'order-receipt',
    title: 'Order receipt',
    sentWhen:
      'To the customer when an order or a quote’s deposit is paid; the tax invoice attached.',
    demo: (shop) =>
      orderReceipt({
        ...shop,
        documentName: 'tax invoice',
        orderNumber: 1042,
        projectId: 'demo-project',
        firstName: 'Olivia',
        serviceTitle: 'SEO Audit',
        packageTitle: 'Growth',
        currency: 'AUD',
        amountCents: 110000,
        gstCents: 10000,
        balanceCents: null,
        recurring: { amountCents: 55000, period: 'month' },
        claimUrl: null,
      }),
  },
  {
    kind: 'balance-request',
    title: 'Balance due',
    sentWhen: 'To the customer when staff ask for the balance of a quote paid with a deposit.',
    demo: (shop) =>
      balanceRequest({
        companyName: shop.companyName,
        orderNumber: 1043,
        firstName: 'Olivia',
        quoteName: 'Brand refresh',
        balance: '$1,540.00 inc. GST',
        dueDate: '05 Mar, 2026',
        link: `${shop.publicUrl}/custom-quote/demo-quote`,
      }),
  },
  {
    kind: 'balance-reminder',
    title: 'Balance reminder',
    sentWhen:
      'To the customer a few days before a requested balance is due, and again once it is overdue.',
    demo: (shop) =>
      balanceReminder({
        companyName: shop.companyName,
        orderNumber: 1043,
        firstName: 'Olivia',
        quoteName: 'Brand refresh',
        balance: '$1,540.00 inc. GST',
        dueDate: '05 Mar, 2026',
        overdue: true,
        link: `${shop.publicUrl}/custom-quote/demo-quote`,
      }),
  },
  {
    kind: 'balance-receipt',
    title: 'Balance receipt',
    sentWhen: 'To the customer when a quote’s balance is paid; the tax invoice attached.',
    demo: (shop) =>
      balanceReceipt({
        ...shop,
        documentName: 'tax invoice',
        orderNumber: 1043,
        projectId: 'demo-project',
        firstName: 'Olivia',
        quoteName: 'Brand refresh',
        currency: 'AUD',
        amountCents: 154000,
        gstCents: 14000,
      }),
  },
  {
    kind: 'renewal-receipt',
    title: 'Renewal receipt',
    sentWhen:
      'To the customer when a recurring (weekly to yearly) fee is charged; the tax invoice attached.',
    demo: (shop) =>
      renewalReceipt({
        companyName: shop.companyName,
        documentName: 'tax invoice',
        orderNumber: 1042,
        firstName: 'Olivia',
        serviceTitle: 'SEO Audit',
        packageTitle: 'Growth',
        interval: 'monthly',
        currency: 'AUD',
        amountCents: 55000,
        periodFrom: '1 December 2026',
        projectUrl: project(shop),
      }),
  },
  {
    kind: 'plan-change-receipt',
    title: 'Plan change receipt',
    sentWhen:
      'To the customer when a plan moves to a dearer package and the rest of the period is charged; the tax invoice attached.',
    demo: (shop) =>
      planChangeReceipt({
        companyName: shop.companyName,
        documentName: 'tax invoice',
        orderNumber: 1042,
        firstName: 'Olivia',
        serviceTitle: 'SEO Audit',
        fromPackage: 'Starter',
        toPackage: 'Growth',
        currency: 'AUD',
        amountCents: 12100,
        nextChargeOn: '01 Dec, 2026',
        nextChargeCents: 55000,
        interval: 'monthly',
        projectUrl: project(shop),
      }),
  },
  {
    kind: 'renewal-declined',
    title: 'Renewal declined',
    sentWhen: 'To the customer when a renewal is declined: when it is tried again, or past due.',
    demo: (shop) =>
      renewalDeclined({
        ...shop,
        cardUrl: `${shop.publicUrl}/renew-card/demo-subscription?e=0&t=demo`,
        orderNumber: 1042,
        projectId: 'demo-project',
        firstName: 'Olivia',
        serviceTitle: 'SEO Audit',
        packageTitle: 'Growth',
        currency: 'AUD',
        amountCents: 55000,
        reason: 'Your card was declined.',
        failures: 1,
        retryOn: '2 December 2026',
      }),
  },
  {
    kind: 'request-started',
    title: 'Request started',
    sentWhen:
      'To the client who submitted a queued request of a plan, when it starts on its own after the one before it is approved or closed.',
    demo: (shop) =>
      requestStartedMail({
        ...shop,
        firstName: 'Olivia',
        title: 'Autumn menu flyer',
        orderNumber: 1043,
        projectId: 'demo-project',
      }),
  },
  {
    kind: 'refund',
    title: 'Refund processed',
    sentWhen: 'To the customer when a refund goes through; the adjustment note attached.',
    demo: (shop) =>
      refundProcessed({
        ...shop,
        firstName: 'Olivia',
        project: { id: 'demo-project', orderNumber: 1042, serviceTitle: 'SEO Audit' },
        currency: 'AUD',
        amountCents: 22000,
        gstCents: 2000,
        reason: 'requested_by_customer',
        note: '',
        refundedOn: '3 December 2026',
        noteNumber: 'AN-0007',
        invoiceNumber: 'INV-000412',
        invoicedOn: '1 November 2026',
      }),
  },
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
  {
    kind: 'notification',
    title: 'Notification copy',
    sentWhen: 'To each person a notification is for, unless they turned that kind off.',
    demo: (shop) => ({
      ...notificationCopy({
        ...shop,
        title: 'SEO Audit: In progress',
        body: 'We started on your audit. First findings by Friday.',
        link: '/dashboard/projects/demo-project',
        answer: null,
        kindLabel: 'Updates on my projects',
      }),
      unsubscribeUrl: unsubscribe(shop, 'status-update'),
    }),
  },
  {
    kind: 'messages',
    title: 'Project messages',
    sentWhen:
      'To the people of a project a minute after a message, with what followed in that minute.',
    demo: (shop) => ({
      ...messageDigest({
        ...shop,
        items: [
          {
            title: 'New message on SEO Audit',
            body: 'Sam: The keyword list is ready for your review.',
          },
          { title: 'New message on SEO Audit', body: 'Sam: I attached the draft report too.' },
        ],
        link: '/dashboard/projects/demo-project',
        answer: 'reply',
        kindLabel: 'Messages from my team',
      }),
      unsubscribeUrl: unsubscribe(shop, 'new-message'),
    }),
  },
  {
    kind: 'question-messages',
    title: 'Messages on a general question',
    sentWhen:
      'To the other side of an ‘Ask us anything’ question a minute after a message, with what followed in that minute.',
    demo: (shop) => ({
      ...questionDigest({
        ...shop,
        items: [
          {
            title: 'New answer to your question: Can you also do our menus?',
            body: 'Sam: Yes, we can. I will put a proposal together for you.',
          },
        ],
        link: '/dashboard/questions/demo-question',
        answer: 'reply',
        kindLabel: 'Messages from my team',
      }),
      unsubscribeUrl: unsubscribe(shop, 'new-message'),
    }),
  },
  {
    kind: 'reply-refused',
    title: 'Reply by email not posted',
    sentWhen:
      'To the person whose reply address was answered and the reply refused, once an hour at most.',
    demo: (shop) =>
      refusalNotice({
        companyName: shop.companyName,
        projectTitle: 'SEO Audit (Order 1042)',
        projectUrl: project(shop),
        reason: 'This reply address has expired: please answer on the website.',
      }),
  },
  {
    kind: 'daily-summary',
    title: 'Daily summary',
    sentWhen: 'To each team member who turned it on, on working-day mornings with work due.',
    demo: (shop) => ({
      ...dailySummary({
        ...shop,
        overdue: 1,
        dueToday: 1,
        lines: [
          {
            due: 'Overdue by 2 days',
            order: 'Order 1042',
            serviceTitle: 'SEO Audit',
            customerName: 'Olive Bakery',
            url: `${shop.publicUrl}/wkm-dashboard/sales/edit/demo-project`,
          },
          {
            due: 'Due today',
            order: 'Order 1043',
            serviceTitle: 'Brand refresh',
            customerName: null,
            url: `${shop.publicUrl}/wkm-dashboard/custom-sales/edit/demo-quote`,
          },
        ],
      }),
      unsubscribeUrl: unsubscribe(shop, 'daily-summary'),
    }),
  },
  {
    kind: 'webhook-disabled',
    title: 'Webhook endpoint turned off',
    sentWhen: 'To every member who manages webhooks when an endpoint is turned off for failing.',
    demo: (shop) =>
      webhookEndpointDisabled({
        ...shop,
        endpointUrl: 'https://crm.example/hooks/noise',
        reason: 'It failed 20 times in a row since 1 December 2026, 09:00.',
      }),
  },
  {
    kind: 'plain',
    title: 'Any other email (the quote link)',
    sentWhen:
      'An email sent as plain text only, like the quote link staff send: its paragraphs in the same layout, its link a button.',
    demo: (shop) => ({
      subject: `Your quote from ${shop.companyName}: Brand refresh`,
      text:
        `Hi there,\n\nYour custom quote "Brand refresh" is ready: $2,200.00 inc. GST.\n\n` +
        `Review and pay it here:\n${shop.publicUrl}/custom-quote/demo-quote\n\nYou will need to sign in or create an account.\n\n— ${shop.companyName}\n`,
    }),
  },
];
