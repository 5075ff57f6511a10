import { companyRoleLabels } from '@noise/shared/company';
import { displayNameOf } from '@noise/shared/user';
import type { Config } from '../../config.ts';
import type { Repositories } from '../../repositories.ts';
import { accountStartedAfresh } from '../emails/accounts.ts';
import { enqueueEmail } from '../jobs/email.ts';

/** How the person proved they read their mail: the audit log says which. */
export type MailboxProof =
  'confirmation link' | 'password reset' | 'order claim link' | 'invitation' | 'provider link';

export interface MailboxProofOutcome {
  /** This call made the address proven; false when it already was. */
  first: boolean;
  /** What was set up before the proof and is now taken back, in the owner's words. */
  undone: string[];
}

/**
 * The first proof of an account's mailbox starts it afresh (decision 088): before it, whoever
 * typed the address could use the account, so nothing they set up may outlive the real owner's
 * arrival. Every other session ends (`keepSessionId`, the prover's own, stays), two-factor goes,
 * the invitations customers sent for its company are withdrawn and the people who joined by them
 * are removed, with the account made an owner again if it was demoted; the owner is mailed what
 * was undone. Later proofs change nothing. All or nothing, in one transaction.
 */
export async function proveMailbox(
  deps: { repos: Repositories; config: Config },
  userId: string,
  proof: { how: MailboxProof; ip: string; keepSessionId?: string },
): Promise<MailboxProofOutcome> {
  const outcome = await deps.repos.transaction(async (r) => {
    if (!(await r.users.markEmailVerified(userId))) return { first: false, undone: [] };
    await r.sessions.deleteAllOfUser(userId, proof.keepSessionId);
    const undone: string[] = [];
    if (await r.twoFactor.remove(userId)) undone.push('Two-factor sign-in was turned off');
    const membership = await r.companies.membershipOf(userId);
    if (membership) undone.push(...(await undoTeamChanges(r, membership, userId)));
    const user = await r.users.findById(userId);
    await r.audit.record({
      actorId: userId,
      actorName: user ? displayNameOf(user) || user.email : '',
      ip: proof.ip,
      apiKey: null,
      action: 'user.email_verified',
      entityType: 'user',
      entityId: userId,
      summary:
        `Confirmed ${user?.email ?? 'the email address'} by ${proof.how}` +
        (undone.length ? `; undid: ${undone.join('; ')}` : ''),
    });
    if (user && undone.length) {
      await enqueueEmail(r.jobs, {
        to: user.email,
        ...accountStartedAfresh({
          companyName: deps.config.companyName,
          firstName: user.firstName,
          undone,
          link: `${deps.config.publicUrl}/dashboard/team`,
        }),
      });
    }
    return { first: true, undone };
  });
  return outcome;
}

/** Takes the company back to what the account itself made of it (see proveMailbox). */
async function undoTeamChanges(
  r: Repositories,
  membership: { companyId: string; role: string },
  userId: string,
): Promise<string[]> {
  const { companyId } = membership;
  const undone: string[] = [];
  for (const invitation of await r.companies.withdrawCustomerInvitations(companyId)) {
    undone.push(
      `The invitation to ${invitation.email} as ${companyRoleLabels[invitation.role]} was withdrawn`,
    );
  }
  const joined = await r.companies.joinedByCustomerInvitation(companyId, userId);
  if (joined.length === 0) return undone;
  if (membership.role !== 'owner') await r.companies.setRole(companyId, userId, 'owner');
  for (const person of joined) {
    if (!(await r.companies.removeMember(companyId, person.userId))) continue;
    undone.push(
      `${person.name === person.email ? person.email : `${person.name} (${person.email})`}, who had joined as ${companyRoleLabels[person.role]}, was removed from the team`,
    );
  }
  if (membership.role !== 'owner') undone.push('You are an owner of your team again');
  return undone;
}
