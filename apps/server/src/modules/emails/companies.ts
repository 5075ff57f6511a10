import {
  companyRoleDescriptions,
  companyRoleLabels,
  type CompanyRole,
} from '@noise/shared/company';
import type { EmailMessage as MailText } from '../../lib/email-html.ts';

/**
 * What the client companies' emails say (docs/product.md#client-companies), one function per
 * kind of message; the HTML part is this text in the shop's layout (docs/product.md#emails).
 */

/** 'Invite a teammate': the link to join, who sent it, the role and when it stops working. */
export function invitationMail(input: {
  shopName: string;
  companyName: string;
  inviterName: string;
  role: CompanyRole;
  link: string;
  expiresOn: string;
}): MailText {
  const who = input.inviterName || `The ${input.shopName} team`;
  return {
    action: { label: 'Accept the invitation', url: input.link },
    reason: `You received this email because ${who} invited this address to ${input.companyName}.`,
    subject: `Join ${input.companyName} on ${input.shopName}`,
    text: [
      'Hi there,',
      '',
      `${who} invited you to join ${input.companyName} on ${input.shopName} as ${companyRoleLabels[input.role]}: ${companyRoleDescriptions[input.role].toLowerCase()}.`,
      '',
      `Accept the invitation here (the link works once, until ${input.expiresOn}):`,
      input.link,
      '',
      'If you did not expect this, you can ignore this email: nothing happens until the link is opened and accepted.',
      '',
      `— ${input.shopName}`,
    ].join('\n'),
  };
}

/** Told to a person their company role changed, or that they were taken out of the company. */
export function teamChangeMail(input: {
  shopName: string;
  companyName: string;
  change: { role: CompanyRole } | 'removed';
  publicUrl: string;
}): MailText {
  if (input.change === 'removed') {
    return {
      action: { label: `Sign in to ${input.shopName}`, url: input.publicUrl },
      reason: `You received this email because you were part of ${input.companyName} on ${input.shopName}.`,
      subject: `You are no longer part of ${input.companyName} on ${input.shopName}`,
      text: [
        'Hi there,',
        '',
        `An owner of ${input.companyName} took you out of its team on ${input.shopName}. You no longer see its projects, messages or invoices; the messages you wrote stay in its projects, signed with your name.`,
        '',
        `Your account stays yours: sign in at ${input.publicUrl} to order for yourself.`,
        '',
        `— ${input.shopName}`,
      ].join('\n'),
    };
  }
  const role = input.change.role;
  return {
    action: { label: 'Open your dashboard', url: `${input.publicUrl}/dashboard` },
    reason: `You received this email because you are part of ${input.companyName} on ${input.shopName}.`,
    subject: `Your role in ${input.companyName} is now ${companyRoleLabels[role]}`,
    text: [
      'Hi there,',
      '',
      `Your role in ${input.companyName} on ${input.shopName} is now ${companyRoleLabels[role]}: ${companyRoleDescriptions[role].toLowerCase()}.`,
      '',
      `${input.publicUrl}/dashboard`,
      '',
      `— ${input.shopName}`,
    ].join('\n'),
  };
}
