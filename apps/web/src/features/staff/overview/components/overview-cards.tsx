import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Overview, RevenuePeriod } from '@noise/shared/overview';
import { can } from '@noise/shared/permissions';
import { formatMoneyGst } from '@noise/shared/pricing';
import { displayNameOf } from '@noise/shared/display-name';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAuth } from '@/lib/auth';
import { formatDate, formatPrice } from '@/lib/format';

/** docs/product.md#overview: dollars with 2 decimals. */
const dollars = { format: formatPrice };

function Card({
  title,
  footer,
  children,
  className,
}: {
  title: string;
  footer?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-label={title}
      className={`flex flex-col rounded-card border-2 border-ink/10 bg-paper p-6 shadow-card ${className ?? ''}`}
    >
      <h2 className="text-xl font-bold">{title}</h2>
      <div className="mt-4 flex-1">{children}</div>
      {footer ? <div className="mt-5 border-t border-line pt-4">{footer}</div> : null}
    </section>
  );
}

function FooterLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Button asChild variant="link">
      <Link to={to}>
        {children}
        <ArrowRight aria-hidden="true" />
      </Link>
    </Button>
  );
}

function Period({ period }: { period: RevenuePeriod }) {
  return (
    <dl className="grid grid-cols-2 gap-4">
      <div className="rounded-xl bg-ink p-4 text-paper">
        <dt className="text-xs font-bold tracking-widest text-accent uppercase">Total Sales</dt>
        <dd className="mt-1 font-display text-2xl font-extrabold break-all sm:text-3xl">
          {dollars.format(period.totalSales)}
          <span className="block font-sans text-xs font-semibold break-normal text-paper/70">
            inc. GST
          </span>
        </dd>
      </div>
      <div className="rounded-xl bg-canvas p-4">
        <dt className="text-xs font-bold tracking-widest text-muted uppercase">Total Orders</dt>
        <dd className="mt-1 font-display text-2xl font-extrabold sm:text-3xl">
          {period.totalOrders}
        </dd>
      </div>
    </dl>
  );
}

export function RevenueCard({ revenue }: { revenue: Overview['revenue'] }) {
  return (
    <Card
      title="Revenue"
      footer={<FooterLink to="/wkm-dashboard/reporting">View Reporting</FooterLink>}
    >
      <Tabs defaultValue="today">
        <TabsList
          aria-label="Revenue period"
          className="flex w-full flex-wrap rounded-2xl sm:inline-flex sm:w-auto sm:rounded-full"
        >
          <TabsTrigger value="today" className="flex-auto px-3 sm:px-5">
            Today
          </TabsTrigger>
          <TabsTrigger value="week" className="flex-auto px-3 sm:px-5">
            This week
          </TabsTrigger>
          <TabsTrigger value="month" className="flex-auto px-3 sm:px-5">
            This Month
          </TabsTrigger>
        </TabsList>
        <TabsContent value="today" className="mt-4">
          <Period period={revenue.today} />
        </TabsContent>
        <TabsContent value="week" className="mt-4">
          <Period period={revenue.week} />
        </TabsContent>
        <TabsContent value="month" className="mt-4">
          <Period period={revenue.month} />
        </TabsContent>
      </Tabs>
    </Card>
  );
}

function SalesList({ sales, action }: { sales: Overview['salesData']; action: string }) {
  return (
    <ul className="flex flex-col divide-y divide-line">
      {sales.map((sale) => (
        <li key={`${sale.type}-${sale.id}`} className="flex items-center gap-3 py-2.5">
          <div className="min-w-0 flex-1">
            <p className="truncate font-semibold">{sale.title}</p>
            <p className="text-xs text-muted">
              {formatDate(sale.date)} ·{' '}
              {formatMoneyGst(sale.money.keptCents, 'inc', sale.money.currency)}
              {sale.type !== 'Project' ? ' · Custom quote' : ''}
            </p>
          </div>
          <Button asChild variant="outline" size="sm">
            <Link
              to={
                sale.type === 'Project'
                  ? `/wkm-dashboard/sales/edit/${sale.id}`
                  : `/wkm-dashboard/custom-sales/edit/${sale.id}`
              }
            >
              {action}
              <span className="sr-only"> {sale.title}</span>
            </Link>
          </Button>
        </li>
      ))}
    </ul>
  );
}

export function LatestSalesCard({ sales }: { sales: Overview['salesData'] }) {
  return (
    <Card
      title="Latest Sales"
      footer={<FooterLink to="/wkm-dashboard/sales">View Sales</FooterLink>}
    >
      {sales.length === 0 ? (
        <p className="text-sm text-muted">No sales yet.</p>
      ) : (
        <SalesList sales={sales} action="View" />
      )}
    </Card>
  );
}

/**
 * Orders a buyer left to us ('assign one for me') while the shop had no co-ordinator: shown
 * until each has one, so none is forgotten.
 */
export function NeedsCoordinatorCard({ sales }: { sales: Overview['needsCoordinator'] }) {
  // Only those who manage site users can add one; co-ordinators still assign from each order.
  const canAddCoordinators = can(useAuth().userRole, 'site-users:manage');
  return (
    <Card
      title="Orders waiting for a co-ordinator"
      className="border-accent md:col-span-2 2xl:col-span-3"
      footer={
        canAddCoordinators ? (
          <FooterLink to="/wkm-dashboard/site-users/new">Add a co-ordinator</FooterLink>
        ) : undefined
      }
    >
      <p className="mb-2 text-sm text-muted">
        Nobody coordinates these paid orders yet. Choose a co-ordinator on each order.
      </p>
      <SalesList sales={sales} action="Assign" />
    </Card>
  );
}

export function NewCustomersCard({ clients }: { clients: Overview['clients'] }) {
  return (
    <Card
      title="New Customers"
      footer={<FooterLink to="/wkm-dashboard/customers">View Customers</FooterLink>}
    >
      {clients.length === 0 ? (
        <p className="text-sm text-muted">No customers yet.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-line">
          {clients.map((client) => {
            const name = displayNameOf(client.profile) || client.name;
            return (
              <li key={client._id} className="flex items-center gap-3 py-2.5">
                <div className="min-w-0 flex-1">
                  <p className="truncate font-semibold">{name}</p>
                  <p className="text-xs text-muted">Joined {formatDate(client.createdAt)}</p>
                </div>
                <Button asChild variant="outline" size="sm">
                  <Link to={`/wkm-dashboard/customers/edit/${client._id}`}>
                    View<span className="sr-only"> {name}</span>
                  </Link>
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}

export function OverviewCardsSkeleton() {
  return (
    <>
      {[0, 1, 2].map((i) => (
        <div key={i} className="rounded-card border-2 border-ink/10 bg-paper p-6 shadow-card">
          <Skeleton className="h-6 w-32" />
          <Skeleton className="mt-6 h-24" />
          <Skeleton className="mt-3 h-10" />
        </div>
      ))}
    </>
  );
}
