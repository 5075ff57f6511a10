import type { z } from 'zod';
import type { AccountCredit, adjustCreditRequest } from '@noise/shared/account-credit';
import { formatMoney } from '@noise/shared/pricing';
import { AppError, notFound } from '../../lib/errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { Repositories } from '../../repositories.ts';

type CreditRepos = Pick<Repositories, 'accountCredit' | 'audit' | 'users'>;

/**
 * A company's account credit as the Billing page and staff see it (docs/product.md#account-credit):
 * the balance and its latest entries, from the ledger alone.
 */
export async function accountCreditOf(
  repos: Pick<Repositories, 'accountCredit'>,
  companyId: string,
  currency: string,
  /** Staff see their own reasons; the client sees a refund's note only. */
  reader: 'staff' | 'client' = 'client',
): Promise<AccountCredit> {
  const [balanceCents, entries] = await Promise.all([
    repos.accountCredit.balanceOf(companyId),
    repos.accountCredit.listOf(companyId),
  ]);
  if (balanceCents === undefined) throw notFound('Company not found');
  return {
    balanceCents,
    currency,
    entries: entries.map((entry) => ({
      _id: entry.id,
      kind: entry.kind,
      amountCents: entry.amountCents,
      currency: entry.currency,
      orderNumber: entry.orderNumber,
      // Staff's reasons are their own; a refund's note is on its adjustment note already.
      note: reader === 'staff' || entry.kind === 'refund' ? entry.note : '',
      createdAt: entry.createdAt.toISOString(),
    })),
  };
}

/**
 * Staff add or take off credit with a reason (audited). Taking off more than the balance is
 * refused at the amount, and nothing is written; the same key answers the same entry.
 */
export async function adjustAccountCredit(
  repos: CreditRepos,
  caller: AuthUser,
  companyId: string,
  input: z.output<typeof adjustCreditRequest>,
  currency: string,
): Promise<AccountCredit> {
  const signed = input.direction === 'add' ? input.amount : -input.amount;
  const result = await repos.accountCredit.adjust({
    companyId,
    amountCents: signed,
    currency,
    note: input.reason,
    createdById: caller.id,
    holdKey: input.idempotencyKey,
  });
  if ('refused' in result) {
    if (result.refused === 'no_company') throw notFound('Company not found');
    throw new AppError(
      'validation_error',
      400,
      `amount: The company has ${formatMoney(result.balanceCents, currency)} of credit; at most that can be taken off.`,
    );
  }
  await repos.audit.record({
    actorId: caller.id,
    actorName: await repos.users.actorName(caller.id),
    ip: caller.ip,
    apiKey: caller.apiKey ?? null,
    action: input.direction === 'add' ? 'account_credit.added' : 'account_credit.removed',
    entityType: 'company',
    entityId: companyId,
    summary: `${formatMoney(input.amount, currency)} of account credit ${input.direction === 'add' ? 'added' : 'taken off'} (${input.reason}); balance ${formatMoney(result.balanceCents, currency)}`,
    data: { entryId: result.entry.id, amountCents: signed },
  });
  return accountCreditOf(repos, companyId, currency, 'staff');
}
