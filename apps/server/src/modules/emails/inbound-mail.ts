import type { EmailMessage } from '../../lib/email-html.ts';

/**
 * The email to a person whose reply address was answered and the reply refused: to the address
 * on file for them, never to the reply's From, which a forger chooses.
 */
export function refusalNotice(input: {
  companyName: string;
  projectTitle: string;
  projectUrl: string;
  reason: string;
}): EmailMessage {
  return {
    action: { label: 'Open the project', url: input.projectUrl },
    reason: `You received this email because a reply was sent to your reply address at ${input.companyName}.`,
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
