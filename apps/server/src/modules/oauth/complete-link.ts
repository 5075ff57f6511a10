import type { FastifyBaseLogger } from 'fastify';
import { AppError, badRequest, conflict, forbidden, unauthorized } from '../../lib/errors.ts';
import type { Repositories } from '../../repositories.ts';
import { proveMailbox } from '../auth/prove-mailbox.ts';
import { finishFirstStep, issueToken, type AuthDeps } from '../auth/sign-in.ts';
import { OAUTH_PROVIDERS } from './message-pages.ts';
import { LINK_EXPIRED } from './preview-link.ts';
import type { OAuthRepository } from './repository.ts';

/**
 * Completes a link (docs/decisions/040). A password ticket needs the caller signed in to that
 * very account (they proved its password); a mailed ticket proves the mailbox by itself.
 */
export async function completeLink(
  deps: AuthDeps & { oauth: OAuthRepository; repos: Repositories },
  input: {
    ticket: string;
    caller: { id: string; sessionId: string; ip: string } | null;
    deviceToken: string | undefined;
  },
  log: FastifyBaseLogger,
) {
  const ticket = await deps.oauth.findTicket(input.ticket);
  if (!ticket) throw badRequest(LINK_EXPIRED);
  if (ticket.method === 'password') {
    if (!input.caller) throw unauthorized('Sign in with your password to connect this account');
    if (input.caller.id !== ticket.userId) {
      throw forbidden('Sign in to the account with that email address to connect it');
    }
  }
  const result = await deps.oauth.redeemTicket(input.ticket);
  if (result === 'spent') throw badRequest(LINK_EXPIRED);
  if (result === 'taken') {
    throw conflict(
      `This ${OAUTH_PROVIDERS[ticket.provider]} account, or another one, is already connected.`,
    );
  }
  // Only a provider that verified the address offers a link, and a mailed ticket came through
  // the mailbox: either way the address is proven (decision 088).
  await proveMailbox(deps, ticket.userId, {
    how: 'provider link',
    ip: input.caller?.ip ?? '',
    keepSessionId: input.caller?.id === ticket.userId ? input.caller.sessionId : undefined,
  });
  const user = await deps.users.findById(ticket.userId);
  if (!user) throw new AppError('not_found', 404, 'Account not found');
  log.info(
    { event: 'oauth_linked', provider: ticket.provider, userId: user.id, method: ticket.method },
    'identity linked',
  );
  // A password ticket's caller is signed in to this very account, second step and all; a
  // mailed link proves the mailbox only, so it is a first step like a provider's.
  if (ticket.method === 'password') {
    return { token: await issueToken(deps, user), provider: ticket.provider };
  }
  const outcome = await finishFirstStep(deps, user, { deviceToken: input.deviceToken });
  return { ...(outcome.challenge ?? { token: outcome.token }), provider: ticket.provider };
}
