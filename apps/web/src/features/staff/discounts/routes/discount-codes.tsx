import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import type { ManageServiceSummary } from '@noise/shared/catalogue-admin';
import { localDate } from '@noise/shared/dates';
import { discountLabel, type DiscountCode } from '@noise/shared/discounts';
import { formatMoney } from '@noise/shared/pricing';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/format';
import { useSiteConfig } from '@/lib/site-config';
import { usePageMeta } from '@/lib/use-page-meta';
import { cn } from '@/lib/utils';
import { StaffPageHeader } from '../../components/page-header';
import { StaffTable, TableQueryRows, Td, Th } from '../../components/staff-table';
import { useToastOnError } from '../../components/use-toast-on-error';
import { useManageServices } from '../../api/get-manage-services';
import { useDiscountCodes } from '../api/get-discount-codes';

const COLUMNS = 7;

type DiscountStatus = 'Active' | 'Archived' | 'Scheduled' | 'Ended';

const tones: Record<DiscountStatus, string> = {
  Active: 'bg-accent text-ink',
  Scheduled: 'bg-accent-soft text-accent-strong',
  Ended: 'bg-ink/10 text-ink',
  Archived: 'bg-ink/10 text-muted',
};

/** Where a code stands today (in the business's time zone): its dates count whole days. */
function statusOf(code: DiscountCode, today: string): DiscountStatus {
  if (!code.active) return 'Archived';
  if (code.startsOn > today) return 'Scheduled';
  if (code.endsOn !== null && code.endsOn < today) return 'Ended';
  return 'Active';
}

/** '01 Dec, 2026' of a local date (YYYY-MM-DD), read as that day wherever the browser is. */
function dayOf(date: string): string {
  return formatDate(new Date(`${date}T00:00:00`));
}

function EmptyMessage() {
  return <>No discount codes yet. Use &lsquo;New discount code&rsquo; to make one.</>;
}

function DiscountCell({ code }: { code: DiscountCode }) {
  const label = discountLabel(
    {
      kind: code.kind,
      percent: code.percent ?? 0,
      amountCents: code.amountCents ?? 0,
      duration: code.duration,
    },
    formatMoney,
  );
  return (
    <>
      <span className="break-words">{label}</span>
      {code.minimumOrderCents !== null ? (
        <span className="block text-xs text-muted">
          Orders from {formatMoney(code.minimumOrderCents)} exc. GST
        </span>
      ) : null}
    </>
  );
}

function ServicesCell({
  code,
  services,
}: {
  code: DiscountCode;
  services: Map<string, ManageServiceSummary> | undefined;
}) {
  if (code.serviceIds.length === 0) return <>All services</>;
  const names = code.serviceIds.flatMap((id) => {
    const title = services?.get(id)?.title;
    return title ? [title] : [];
  });
  if (code.serviceIds.length === 1 && names.length === 1) {
    return <span className="break-words">{names[0]}</span>;
  }
  return (
    <>
      {code.serviceIds.length} services
      {names.length > 0 ? (
        <span
          className="block line-clamp-2 text-xs break-words text-muted"
          title={names.join(', ')}
        >
          {names.join(', ')}
        </span>
      ) : null}
    </>
  );
}

/** Two lines in the table; on a phone one line after its label, wrapping between the dates. */
function DatesCell({ code }: { code: DiscountCode }) {
  return (
    <>
      <span className="whitespace-nowrap md:block">
        From <time dateTime={code.startsOn}>{dayOf(code.startsOn)}</time>
      </span>
      {code.endsOn !== null ? (
        <>
          {' '}
          <span className="whitespace-nowrap text-muted md:block">
            to <time dateTime={code.endsOn}>{dayOf(code.endsOn)}</time>
          </span>
        </>
      ) : null}
    </>
  );
}

function UsesCell({ code }: { code: DiscountCode }) {
  return (
    <>
      <span className="whitespace-nowrap tabular-nums">
        {code.maxUses !== null ? `${code.uses} of ${code.maxUses}` : code.uses}
      </span>
      {code.maxUsesPerCustomer !== null ? (
        <>
          {' '}
          <span className="text-xs whitespace-nowrap text-muted md:block">
            ({code.maxUsesPerCustomer} per customer)
          </span>
        </>
      ) : null}
    </>
  );
}

function StatusPill({ status }: { status: DiscountStatus }) {
  return (
    <span
      className={cn(
        'inline-flex rounded-full px-2.5 py-0.5 text-xs font-bold whitespace-nowrap',
        tones[status],
      )}
    >
      {status}
    </span>
  );
}

/** /wkm-dashboard/discount-codes: every code, what it takes off and what it has given. */
export function DiscountCodesRoute() {
  usePageMeta('Discount Codes');
  const codes = useDiscountCodes();
  const services = useManageServices();
  const timeZone = useSiteConfig().data?.businessTimeZone;
  const today = localDate(new Date(), timeZone);
  const servicesById = services.data
    ? new Map(services.data.map((service) => [service._id, service]))
    : undefined;
  useToastOnError(codes.error, 'Could not load discount codes');

  return (
    <div>
      <StaffPageHeader
        title="Discount Codes"
        description="Codes customers type at checkout; amounts are before GST."
        actions={
          <Button asChild variant="secondary">
            <Link to="new">
              <Plus aria-hidden="true" />
              New discount code
            </Link>
          </Button>
        }
      />
      <StaffTable caption="Discount Codes">
        <thead>
          <tr>
            <Th>Code and status</Th>
            <Th>Discount</Th>
            <Th>Services</Th>
            <Th>Dates</Th>
            <Th>Uses</Th>
            <Th>Discount given</Th>
            <Th className="text-right">Action</Th>
          </tr>
        </thead>
        <tbody>
          <TableQueryRows
            query={codes}
            columns={COLUMNS}
            what="discount codes"
            empty={<EmptyMessage />}
          >
            {(rows) =>
              rows.map((code) => (
                <tr key={code._id} className="hover:bg-canvas/50">
                  <Td className="max-md:w-full">
                    <p className="font-mono font-semibold whitespace-nowrap">{code.code}</p>
                    {/* The status under the code: a column fewer, so the table fits beside
                        the sidebar. */}
                    <div className="mt-1">
                      <StatusPill status={statusOf(code, today)} />
                    </div>
                  </Td>
                  <Td label="Discount" className="max-md:w-full md:min-w-40">
                    <DiscountCell code={code} />
                  </Td>
                  <Td label="Services" className="max-md:w-full md:max-w-56">
                    <ServicesCell code={code} services={servicesById} />
                  </Td>
                  <Td label="Dates" className="max-md:w-full">
                    <DatesCell code={code} />
                  </Td>
                  <Td label="Uses">
                    <UsesCell code={code} />
                  </Td>
                  <Td label="Discount given" className="whitespace-nowrap tabular-nums">
                    {formatMoney(code.discountGivenCents)}
                  </Td>
                  <Td className="text-right">
                    <Button asChild variant="outline" size="sm">
                      <Link to={`edit/${code._id}`}>
                        Edit<span className="sr-only"> {code.code}</span>
                      </Link>
                    </Button>
                  </Td>
                </tr>
              ))
            }
          </TableQueryRows>
        </tbody>
      </StaffTable>
    </div>
  );
}
