import type { EmailMessage } from '../../lib/email-html.ts';

/**
 * What the account emails say (docs/product.md#emails): a password reset, the 'choose a password'
 * link of an account a guest's first order made, and the link that adds a sign-in provider to an
 * existing account. Each link works once and for a while, so each is the email's one button.
 */

const ACCOUNT = (companyName: string) =>
  `You received this email because someone used this address on ${companyName}.`;

export function passwordReset(input: {
  companyName: string;
  firstName: string;
  link: string;
  validMinutes: number;
}): EmailMessage {
  const company = input.companyName;
  return {
    action: { label: 'Choose a new password', url: input.link },
    reason: ACCOUNT(company),
    subject: `Reset your ${company} password`,
    text:
      `Hi ${input.firstName || 'there'},\n\nSomeone asked to reset the password of your ${company} account. ` +
      `To choose a new one, open this link within ${input.validMinutes} minutes:\n\n${input.link}\n\n` +
      `If it wasn't you, ignore this email: your password stays as it is.\n\n— ${company}\n`,
  };
}

export function welcomePassword(input: {
  companyName: string;
  firstName: string;
  email: string;
  link: string;
  validDays: number;
}): EmailMessage {
  return {
    action: { label: 'Choose a password', url: input.link },
    reason: `You received this email because you placed an order with ${input.companyName}.`,
    subject: `Your ${input.companyName} account: choose a password`,
    text:
      `Hi ${input.firstName || 'there'},\n\nThank you for your order. We made an account for ${input.email} so you ` +
      `can follow your project. Choose a password within ${input.validDays} days:\n\n${input.link}\n\n` +
      `Later, use "Forgot password?" on the sign-in form to get a new link.\n\n— ${input.companyName}\n`,
  };
}

/** A provider vouched for the address of an account without a password: the link adds it. */
export function providerLink(input: {
  companyName: string;
  firstName: string;
  /** 'Google' */
  provider: string;
  link: string;
  validMinutes: number;
}): EmailMessage {
  const { companyName, provider: name } = input;
  return {
    action: { label: `Add ${name} sign-in`, url: input.link },
    reason: ACCOUNT(companyName),
    subject: `Add ${name} sign-in to your ${companyName} account`,
    text:
      `Hi ${input.firstName || 'there'},\n\nSomeone signed in with ${name} using this email address, ` +
      `which already has a ${companyName} account. To sign in to that account with ${name} from now ` +
      `on, open this link within ${input.validMinutes} minutes:\n\n${input.link}\n\n` +
      `If it wasn't you, ignore this email: nothing changes.\n\n— ${companyName}\n`,
  };
}

/** A new account's address is proven by this link (decision 088). */
export function confirmEmail(input: {
  companyName: string;
  firstName: string;
  email: string;
  link: string;
  validDays: number;
}): EmailMessage {
  const company = input.companyName;
  return {
    action: { label: 'Confirm my email address', url: input.link },
    reason: ACCOUNT(company),
    subject: `Confirm your email address for ${company}`,
    text:
      `Hi ${input.firstName || 'there'},\n\nThank you for making a ${company} account with ${input.email}. ` +
      `Confirm that this address is yours within ${input.validDays} days by opening this link:\n\n${input.link}\n\n` +
      `Until then you can browse and order, but not invite teammates or turn on two-factor sign-in.\n\n` +
      `If it wasn't you, ignore this email: whoever used your address cannot do more until it is confirmed, ` +
      `and "Forgot password?" on the sign-in form gives the account to you.\n\n— ${company}\n`,
  };
}

/**
 * The first proof of an address took back what was set up in the account before it (decision
 * 088): the owner learns what, so that a stranger who used their email is seen.
 */
export function accountStartedAfresh(input: {
  companyName: string;
  firstName: string;
  undone: string[];
  link: string;
}): EmailMessage {
  const company = input.companyName;
  const list = input.undone.map((line) => `- ${line}`).join('\n');
  return {
    action: { label: 'Review your team', url: input.link },
    reason: ACCOUNT(company),
    subject: `Changes undone on your ${company} account`,
    text:
      `Hi ${input.firstName || 'there'},\n\nYour email address is now confirmed. Before that, whoever used the ` +
      `account could not prove they read your mail, so we have taken back what was set up in it:\n\n${list}\n\n` +
      `Every other sign-in of the account has ended. If you made these changes yourself, you can make them again now.\n\n— ${company}\n`,
  };
}
