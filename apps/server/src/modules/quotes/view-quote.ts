import { isStaffRole } from '@noise/shared/roles';
import type { Repositories } from '../../repositories.ts';
import { notFound } from '../../lib/errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { checkProposalAccess } from './answer-proposal.ts';
import { toPublicQuoteDto } from './repository.ts';

/**
 * GET /api/quotes/{id}: the proposal page, for whoever holds the link (and, for a customer's
 * account, may see it: checkProposalAccess). The first time
 * someone other than staff opens it, the quote is Viewed; staff checking the link before they
 * send it do not count.
 */
export async function viewQuote(
  repos: Pick<Repositories, 'quotes'>,
  id: string,
  caller: AuthUser | null,
) {
  const quotes = repos.quotes;
  const row = await quotes.find(id);
  if (!row) throw notFound('Quote not found');
  checkProposalAccess(row, caller);
  if (!row.quote.viewedAt && !isStaffRole(caller?.role)) await quotes.markViewed(id, new Date());
  const dto = toPublicQuoteDto(row);
  // The order it became is named only to its own company: a link held by anyone (a quote made
  // for an email) never says whose order it is.
  const theirs =
    row.quote.customerId !== null &&
    caller?.companyId != null &&
    caller.companyId === row.customerCompanyId;
  return { ...dto, projectId: theirs ? dto.projectId : null };
}
