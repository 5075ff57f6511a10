import type { DemoShop } from '../../lib/email-kinds.ts';

/** The made-up invoice the invoice mails' previews show. */
export const demoBill = (shop: DemoShop) => ({
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

/** A made-up project's page, for the previews' links. */
export const project = (shop: DemoShop) => `${shop.publicUrl}/dashboard/projects/demo-project`;

/** A made-up unsubscribe link for one email setting. */
export const unsubscribe = (shop: DemoShop, setting: string) =>
  `${shop.publicUrl}/api/notifications/unsubscribe?u=demo&s=${setting}&t=demo`;
