/**
 * What replies by email say to people: the reasons a reply is refused (the sending mail server
 * shows them in its bounce, the webhook answers them) and the notice mailed to the person the
 * reply address belongs to. Kept together so the wording stays one voice.
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

/**
 * The email to a person whose reply address was answered and the reply refused: to the address
 * on file for them, never to the reply's From, which a forger chooses.
 */
export function refusalNotice(input: {
  companyName: string;
  projectTitle: string;
  projectUrl: string;
  reason: string;
}): { subject: string; text: string } {
  return {
    subject: `Your reply about ${input.projectTitle} was not posted`,
    text: [
      `A reply by email to our message about ${input.projectTitle} was not added to the project.`,
      `The reason: ${input.reason}`,
      `To answer, open the project and write your message there:\n${input.projectUrl}`,
      'If you did not send a reply, someone else may have used a copy of our email: nothing was posted, and you need not do anything.',
      `— ${input.companyName}`,
      // Said once an hour at most, so a run of refused mail does not fill their inbox.
      'We send this notice at most once an hour.',
    ].join('\n\n'),
  };
}
