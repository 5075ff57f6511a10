/**
 * What replies by email say to people: the reasons a reply is refused (the sending mail server
 * shows them in its bounce, the webhook answers them). The notice mailed to the person the reply
 * address belongs to is in emails/inbound-mail.ts.
 */
export const REFUSALS = {
  unknown: 'This address does not take replies.',
  forged: 'This address does not take replies.',
  expired: 'This reply address has expired: please answer on the website.',
  revoked: 'This reply address no longer takes replies: please answer on the website.',
  notFromRecipient: 'This reply did not come from the address the message was sent to.',
  unauthenticated:
    "This reply could not be verified as coming from the sender's mail server (SPF, DKIM and DMARC): please answer on the website.",
  empty: 'The reply is empty.',
  tooMany: 'Too many replies from this address: please try again in a minute.',
  unverifiable: 'The sender could not be verified just now: please try again later.',
  unsaved: 'The reply could not be saved: please try again later.',
  tooLarge: 'The message is too large.',
} as const;
