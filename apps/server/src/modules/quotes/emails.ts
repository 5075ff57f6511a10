import type { EmailKind } from '../../lib/email-kinds.ts';

/** The mail this module sends, with demo data (the staff's Emails page, the HTML check). */
export const quotesEmails: EmailKind[] = [
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
