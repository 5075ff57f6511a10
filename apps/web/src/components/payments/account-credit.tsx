import { creditEntryLabel, type AccountCredit } from '@noise/shared/account-credit';
import { formatMoney } from '@noise/shared/pricing';
import { formatDate } from '@/lib/format';

/**
 * A company's account credit (docs/product.md#account-credit): the balance, what it is used on,
 * and its entries, newest first; the client's Billing page and staff's customer page show it.
 * Staff see their own reasons (`showNotes`), the client does not.
 */
export function AccountCreditSummary({
  credit,
  showNotes = false,
}: {
  credit: AccountCredit;
  showNotes?: boolean;
}) {
  const money = (cents: number) => formatMoney(cents, credit.currency);
  return (
    <div>
      <p className="text-2xl font-extrabold tabular-nums" data-testid="credit-balance">
        {money(credit.balanceCents)}
      </p>
      <p className="mt-1 text-sm text-muted">
        {credit.balanceCents > 0
          ? 'Used first on the next renewal; the card pays only the rest.'
          : 'No credit to use at the moment.'}
      </p>
      {credit.entries.length > 0 ? (
        <ul className="mt-4">
          {credit.entries.map((entry) => (
            <li
              key={entry._id}
              className="flex items-start justify-between gap-4 border-t-2 border-ink/10 py-3 text-sm"
            >
              <div className="min-w-0">
                <p className="font-semibold break-words">{creditEntryLabel(entry)}</p>
                <p className="text-muted">
                  {formatDate(entry.createdAt)}
                  {showNotes && entry.note ? ` · ${entry.note}` : ''}
                </p>
              </div>
              <span className="font-semibold whitespace-nowrap tabular-nums">
                {entry.amountCents > 0 ? '+' : '−'}
                {money(Math.abs(entry.amountCents))}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
