import { intervalTerms, recurringIntervals, type RecurringInterval } from '@noise/shared/intervals';
import type { PackageType } from '@noise/shared/pricing';
import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { can } from '@noise/shared/permissions';
import { formatMoney, toCents } from '@noise/shared/pricing';
import type { Project } from '@noise/shared/project';
import { deliveredDate } from '@noise/shared/project-constants';
import { splitCommaList } from '@noise/shared/quote';
import { OrderMoney } from '@/components/payments/order-money';
import { SignedProposalButton } from '@/components/proposals/signed-proposal-button';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth';
import { formatDate } from '@/lib/format';
import { StaffSection } from '../../components/page-header';
import { saleDueText } from '../../components/sale-due';
import { SaleStatusBadge } from './sale-status-badge';

function dateOr(value: string | null | undefined, fallback: string): string {
  return (value && formatDate(value)) || fallback;
}

/** A read-only label and value. */
function Item({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-xs font-bold tracking-wide text-muted uppercase">{label}</dt>
      <dd className="mt-1 break-words">{children}</dd>
    </div>
  );
}

const packageTypeLabels: Record<PackageType, string> = {
  'one-time': 'One-time',
  ...(Object.fromEntries(recurringIntervals.map((i) => [i, intervalTerms(i).label])) as Record<
    RecurringInterval,
    string
  >),
};

/** What was sold: service or quote, package and extras, dates and total (read-only). */
export function SaleDetails({ sale }: { sale: Project }) {
  const { userRole } = useAuth();
  const custom = sale.type !== 'Project';
  const features = splitCommaList(sale.package.features);
  const delivered = deliveredDate(sale);
  // The project JSON carries dollars (docs/product.md#data-shapes); amounts are shown from cents.
  const money = (dollars: number) => formatMoney(toCents(dollars), sale.currency);
  return (
    <StaffSection
      title={custom ? 'Custom Sale' : 'Project Details'}
      actions={
        custom && sale.quoteId ? (
          <div className="flex flex-wrap gap-2">
            {sale.proposalSigned ? <SignedProposalButton quoteId={sale.quoteId} /> : null}
            {can(userRole, 'quotes:manage') ? (
              <Button asChild variant="ghost" size="sm">
                <Link to={`/wkm-dashboard/custom-quotes/edit/${sale.quoteId}`}>View quote</Link>
              </Button>
            ) : null}
          </div>
        ) : null
      }
    >
      <dl className="grid gap-5 sm:grid-cols-2">
        <Item label={custom ? 'Quote' : 'Service'} wide>
          <span className="text-lg font-bold">{sale.service.title}</span>
        </Item>
        {sale.service.description ? (
          <Item label="Description" wide>
            <span className="whitespace-pre-line text-muted">{sale.service.description}</span>
          </Item>
        ) : null}
        <Item label="Status">
          <SaleStatusBadge status={sale.status} briefSubmitted={sale.briefSubmitted} />
        </Item>
        <Item label="Order Number">
          <span className="font-semibold tabular-nums">{sale.orderNumber}</span>
        </Item>
        <Item label="Start Date">{dateOr(sale.startDate, '—')}</Item>
        <Item label="Due Date">
          {dateOr(sale.expectedDeliveryDate, 'Not set')}
          <span className="block text-sm text-muted">{saleDueText(sale)}</span>
        </Item>
        <Item label="Delivery Date">{delivered ? dateOr(delivered, '') : 'Not delivered yet'}</Item>
        <Item label="Price" wide>
          <OrderMoney money={sale.money} />
        </Item>
        {!custom ? (
          <Item label="Package" wide>
            <p className="font-semibold">
              {sale.package.title}{' '}
              <span className="font-normal text-muted">
                ({packageTypeLabels[sale.package.type] ?? sale.package.type}:{' '}
                {money(sale.package.baseCost)}
                {sale.package.recurringCost > 0
                  ? ` + ${money(sale.package.recurringCost)} recurring`
                  : ''}
                )
              </span>
            </p>
            {features.length ? (
              <ul className="mt-2 list-disc pl-5 text-sm text-muted">
                {features.map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
            ) : null}
          </Item>
        ) : null}
        {!custom ? (
          <Item label="Extras" wide>
            {sale.extras.length ? (
              <ul className="flex flex-col gap-1">
                {sale.extras.map((extra) => (
                  <li key={extra._id} className="flex justify-between gap-4">
                    <span>{extra.title}</span>
                    <span className="tabular-nums">{money(extra.price)}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <span className="text-muted">No extras</span>
            )}
          </Item>
        ) : null}
      </dl>
    </StaffSection>
  );
}

/** Who bought it, as given at checkout (profile as the fallback), with a link to the customer. */
export function SaleCustomer({ sale }: { sale: Project }) {
  const { userRole } = useAuth();
  const profile = sale.user.profile;
  const contact = {
    firstName: sale.contact.firstName || profile.firstName,
    lastName: sale.contact.lastName || profile.lastName,
    companyName: sale.contact.companyName || profile.companyName,
    contactNumber: sale.contact.contactNumber || profile.contactNumber,
    email: sale.contact.emailAddress || sale.user.email,
  };
  return (
    <StaffSection
      title="Customer Details"
      actions={
        can(userRole, 'customers:manage') ? (
          <Button asChild variant="ghost" size="sm">
            <Link to={`/wkm-dashboard/customers/edit/${sale.user._id}`}>
              Open customer
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        ) : null
      }
    >
      <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-1">
        <Item label="First Name">{contact.firstName || '—'}</Item>
        <Item label="Last Name">{contact.lastName || '—'}</Item>
        <Item label="Company">{contact.companyName || '—'}</Item>
        <Item label="Contact Number">
          {contact.contactNumber ? (
            <a className="underline" href={`tel:${contact.contactNumber.replace(/\s/g, '')}`}>
              {contact.contactNumber}
            </a>
          ) : (
            '—'
          )}
        </Item>
        <Item label="Email" wide>
          {contact.email ? (
            <a className="break-all underline" href={`mailto:${contact.email}`}>
              {contact.email}
            </a>
          ) : (
            '—'
          )}
        </Item>
        <Item label="Assigned to" wide>
          {sale.coordinatorName || 'Not assigned'}
        </Item>
      </dl>
    </StaffSection>
  );
}
