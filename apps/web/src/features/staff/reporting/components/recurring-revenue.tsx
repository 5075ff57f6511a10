import { Link } from 'react-router';
import { formatMoney } from '@noise/shared/pricing';
import { orderName } from '@noise/shared/project';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { StaffSection } from '../../components/page-header';
import {
  StaffTable,
  TableMessageRow,
  TableSkeletonRows,
  Td,
  Th,
} from '../../components/staff-table';
import { useToastOnError } from '../../components/use-toast-on-error';
import { useRecurringReport } from '../api/get-recurring-report';

function Figure({ label, value, note }: { label: string; value: string; note: string }) {
  return (
    <div className="min-w-0 rounded-2xl bg-canvas p-4">
      <p className="text-xs font-bold tracking-wide text-muted uppercase">{label}</p>
      <p className="mt-1 font-display text-2xl font-extrabold tabular-nums">{value}</p>
      <p className="mt-1 text-sm text-muted">{note}</p>
    </div>
  );
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
/** '+$220.00', '−$55.00', '$0.00'. */
const signed = (cents: number) =>
  `${cents > 0 ? '+' : cents < 0 ? '−' : ''}${formatMoney(Math.abs(cents))}`;

/**
 * Reporting's recurring figures (docs/product.md#reporting): what the live plans bring a month,
 * the renewals of the next 30 days, and the unpaid invoices by age.
 */
export function RecurringRevenue() {
  const report = useRecurringReport();
  useToastOnError(report.error, 'Could not load the recurring figures');
  const data = report.data;
  return (
    <StaffSection
      title="Recurring revenue"
      description="The plans live now and how their monthly amount moved this month, what renews in the next 30 days, and what invoices are still owed. GST included."
      className="min-w-0"
    >
      {data ? (
        <div className="mb-6 grid gap-4 md:grid-cols-3">
          <Figure
            label="Monthly recurring revenue"
            value={formatMoney(data.monthly.cents)}
            note={`${plural(data.monthly.plans, 'plan')}${data.monthly.pastDue ? `, ${data.monthly.pastDue} past due` : ''}; a charge counts its periods a year over 12 (a week's 52/12, a quarter's 4/12)${data.monthly.paused.plans ? `. Paused: ${plural(data.monthly.paused.plans, 'plan')}, ${formatMoney(data.monthly.paused.cents)} a month` : ''}`}
          />
          <Figure
            label={`Renewals in the next ${data.renewals.days} days`}
            value={formatMoney(data.renewals.totalCents)}
            note={plural(data.renewals.count, 'renewal')}
          />
          <Figure
            label="Outstanding invoices"
            value={formatMoney(data.outstanding.totalCents)}
            note={plural(data.outstanding.count, 'invoice')}
          />
        </div>
      ) : null}
      <div className="grid gap-6 2xl:grid-cols-2">
        <StaffTable caption="Monthly recurring revenue this month" className="shadow-none">
          <thead>
            <tr>
              <Th>Movement</Th>
              <Th className="text-right">Plans</Th>
              <Th className="text-right">A month</Th>
            </tr>
          </thead>
          <tbody>
            {report.isPending ? (
              <TableSkeletonRows columns={3} rows={4} />
            ) : report.isError ? (
              <TableMessageRow columns={3}>{errorMessage(report.error)}</TableMessageRow>
            ) : (
              <>
                <tr>
                  <Td className="font-semibold">
                    Opening, {formatDate(report.data.movements.since)}
                  </Td>
                  <Td label="Plans" className="text-right" />
                  <Td label="A month" className="text-right tabular-nums">
                    {formatMoney(report.data.movements.openingCents)}
                  </Td>
                </tr>
                {report.data.movements.items.map((item) => (
                  <tr key={item.kind}>
                    <Td>{item.label}</Td>
                    <Td label="Plans" className="text-right tabular-nums">
                      {item.plans}
                    </Td>
                    <Td label="A month" className="text-right tabular-nums">
                      {signed(item.cents)}
                    </Td>
                  </tr>
                ))}
                <tr>
                  <Td className="font-semibold">Now</Td>
                  <Td label="Plans" className="text-right" />
                  <Td label="A month" className="text-right font-semibold tabular-nums">
                    {formatMoney(report.data.movements.closingCents)}
                  </Td>
                </tr>
              </>
            )}
          </tbody>
        </StaffTable>
        <StaffTable caption="Renewals in the next 30 days" className="shadow-none">
          <thead>
            <tr>
              <Th>Date</Th>
              <Th>Client</Th>
              <Th>Plan</Th>
              <Th className="text-right">Amount</Th>
            </tr>
          </thead>
          <tbody>
            {report.isPending ? (
              <TableSkeletonRows columns={4} rows={3} />
            ) : report.isError ? (
              <TableMessageRow columns={4}>{errorMessage(report.error)}</TableMessageRow>
            ) : report.data.renewals.items.length === 0 ? (
              <TableMessageRow columns={4}>No renewals in the next 30 days.</TableMessageRow>
            ) : (
              report.data.renewals.items.map((item) => (
                <tr key={item.projectId}>
                  <Td className="whitespace-nowrap">{formatDate(item.at)}</Td>
                  <Td label="Client" className="break-words">
                    {item.client}
                  </Td>
                  <Td label="Plan" className="break-words">
                    <Link
                      to={`/wkm-dashboard/sales/edit/${item.projectId}`}
                      className="font-semibold underline"
                    >
                      {item.serviceTitle} ({item.packageTitle})
                    </Link>
                    <span className="block text-xs text-muted">{orderName(item.orderNumber)}</span>
                  </Td>
                  <Td label="Amount" className="text-right tabular-nums">
                    {formatMoney(item.amountCents)}
                  </Td>
                </tr>
              ))
            )}
          </tbody>
        </StaffTable>
        <StaffTable caption="Outstanding invoices by age" className="shadow-none">
          <thead>
            <tr>
              <Th>Age</Th>
              <Th className="text-right">Invoices</Th>
              <Th className="text-right">Owed</Th>
            </tr>
          </thead>
          <tbody>
            {report.isPending ? (
              <TableSkeletonRows columns={3} rows={5} />
            ) : report.isError ? (
              <TableMessageRow columns={3}>{errorMessage(report.error)}</TableMessageRow>
            ) : (
              report.data.outstanding.buckets.map((bucket) => (
                <tr key={bucket.label}>
                  <Td className="font-semibold">{bucket.label}</Td>
                  <Td label="Invoices" className="text-right tabular-nums">
                    {bucket.count}
                  </Td>
                  <Td label="Owed" className="text-right tabular-nums">
                    {formatMoney(bucket.cents)}
                  </Td>
                </tr>
              ))
            )}
          </tbody>
        </StaffTable>
      </div>
    </StaffSection>
  );
}
