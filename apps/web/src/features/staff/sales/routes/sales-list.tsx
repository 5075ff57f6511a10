import { Download, Loader2, MessageSquare, Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { can } from '@noise/shared/permissions';
import { seesOnlyAssigned } from '@noise/shared/roles';
import {
  orderName,
  salesDateRanges,
  type Project,
  type SalesFilterOptions,
} from '@noise/shared/project';
import { useInbox } from '@/components/messages/messages-api';
import { OrderMoneyShort } from '@/components/payments/order-money';
import { useMediaQuery } from '@/lib/use-media-query';
import { Button } from '@/components/ui/button';
import { TextInput } from '@/components/ui/input';
import { Select, type SelectOption } from '@/components/ui/select';
import { toastApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { formatDate } from '@/lib/format';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { usePageMeta } from '@/lib/use-page-meta';
import { StaffPageHeader } from '../../components/page-header';
import { ClearFilters, FiltersButton, FiltersSheet } from '../../components/phone-filters';
import { useAddressFilters } from '../../components/use-address-filters';
import {
  LoadFailedMessage,
  LoadMoreFooter,
  StaffTable,
  TableMessageRow,
  TableSkeletonRows,
  Td,
  Th,
} from '../../components/staff-table';
import { useToastOnError } from '../../components/use-toast-on-error';
import { useExportSalesCsv } from '../../api/export-sales-csv';
import { useSales, type SalesFilters } from '../../api/get-sales';
import { useSalesFilters } from '../../api/get-sales-filters';
import { SaleStatusBadge } from '../components/sale-status-badge';
import { dateRangeLabels, saleEditPath } from '../../components/sales-format';

const COLUMNS = 7;
const SEARCH_DEBOUNCE_MS = 300;

const dateRangeOptions = salesDateRanges.map((value) => ({
  value,
  label: dateRangeLabels[value],
}));
const typeOptions = [
  { value: 'Project', label: 'Service orders' },
  { value: 'CustomQuote', label: 'Custom sales' },
];

type FilterKey = keyof SalesFilters;
const FILTER_KEYS: FilterKey[] = [
  'search',
  'company',
  'service',
  'status',
  'teamMember',
  'dateRange',
  'type',
];

/** Keeps a value the options do not (yet) hold selectable, so the select never shows blank. */
function withCurrent(options: SelectOption[], value: string, label = value): SelectOption[] {
  if (!value || options.some((o) => o.value === value)) return options;
  return [...options, { value, label }];
}

function filterOptions(data: SalesFilterOptions | undefined) {
  return {
    companies: (data?.companies ?? []).map((c) => ({ value: c, label: c })),
    services: (data?.services ?? []).map((s) => ({ value: s._id, label: s.title })),
    statuses: (data?.statuses ?? []).map((s) => ({ value: s.value, label: s.label })),
    teamMembers: (data?.teamMembers ?? []).map((m) => ({ value: m._id, label: m.name })),
  };
}

/** The filters live in the address bar so a view can be shared and reloaded. */
function useSalesSearchParams() {
  const { params, setFilter, clearFilters } = useAddressFilters(FILTER_KEYS);
  const filters: SalesFilters = {
    search: params.get('search') ?? '',
    company: params.get('company') ?? '',
    service: params.get('service') ?? '',
    status: params.get('status') ?? '',
    teamMember: params.get('teamMember') ?? '',
    dateRange: (params.get('dateRange') ?? '') as SalesFilters['dateRange'],
    type: (params.get('type') ?? '') as SalesFilters['type'],
  };
  if (filters.dateRange && !salesDateRanges.includes(filters.dateRange)) filters.dateRange = '';
  if (filters.type !== 'Project' && filters.type !== 'CustomQuote') filters.type = '';

  const active = FILTER_KEYS.some((key) => filters[key] !== '');
  const activeCount = FILTER_KEYS.filter((key) => key !== 'search' && filters[key] !== '').length;
  return { filters, setFilter, clearFilters, active, activeCount };
}

function SaleRow({
  sale,
  teamMemberName,
  unread,
}: {
  sale: Project;
  teamMemberName: string;
  /** Customer messages on this sale the signed-in member has not read. */
  unread: number;
}) {
  const company = sale.contact.companyName || sale.user.profile.companyName;
  return (
    <tr className="hover:bg-canvas/50">
      <Td label="Order" className="font-semibold whitespace-nowrap tabular-nums">
        {sale.orderNumber}
        {unread > 0 ? (
          <Link
            to={`${saleEditPath(sale)}#messages`}
            className="ml-2 inline-flex items-center gap-1 rounded-full bg-accent px-2 py-0.5 text-xs font-bold"
          >
            <MessageSquare aria-hidden="true" className="size-3" />
            {unread}
            <span className="sr-only"> unread {unread === 1 ? 'message' : 'messages'}</span>
          </Link>
        ) : null}
      </Td>
      <Td>
        <p className="font-semibold">{company || '—'}</p>
        <p className="text-xs whitespace-nowrap text-muted">{formatDate(sale.createdAt)}</p>
      </Td>
      <Td>
        <p>{sale.service.title}</p>
        {sale.type !== 'Project' ? <p className="text-xs text-muted">Custom quote</p> : null}
      </Td>
      <Td className="whitespace-nowrap">
        <OrderMoneyShort money={sale.money} />
      </Td>
      <Td>
        <SaleStatusBadge status={sale.status} briefSubmitted={sale.briefSubmitted} />
      </Td>
      <Td label="Assigned to" className="whitespace-nowrap">
        {teamMemberName}
      </Td>
      <Td className="text-right">
        <Button asChild variant="outline" size="sm">
          <Link to={saleEditPath(sale)}>
            Edit
            <span className="sr-only">
              {' '}
              {orderName(sale.orderNumber)}, {sale.service.title}
            </span>
          </Link>
        </Button>
      </Td>
    </tr>
  );
}

/** /wkm-dashboard/sales: every sale, filtered on the server and paged with Load More. */
export function SalesListRoute() {
  usePageMeta('Sales');
  const { userRole } = useAuth();
  // The server lists only a co-ordinator's own sales (docs/decisions/056): no one to filter by.
  const ownOnly = seesOnlyAssigned(userRole);
  const { filters, setFilter, clearFilters, active, activeCount } = useSalesSearchParams();
  const wide = useMediaQuery('(min-width: 768px)');
  const [filtersOpen, setFiltersOpen] = useState(false);
  // The address follows every key typed; the list asks the server once typing pauses.
  const search = useDebouncedValue(filters.search.trim(), SEARCH_DEBOUNCE_MS);
  const listed: SalesFilters = { ...filters, search };

  const options = useSalesFilters();
  useToastOnError(options.error, 'Could not load the sales filters');
  const sales = useSales(listed);
  useToastOnError(sales.error, 'Could not load sales');
  const exportCsv = useExportSalesCsv();
  const canExport = can(userRole, 'reporting:read');

  const choices = useMemo(() => filterOptions(options.data), [options.data]);
  const memberNames = useMemo(
    () => new Map((options.data?.teamMembers ?? []).map((m) => [m._id, m.name])),
    [options.data],
  );
  const rows = sales.data?.pages.flatMap((page) => page.items) ?? [];
  const inbox = useInbox();
  const unread = new Map((inbox.data ?? []).map((item) => [item.projectId, item.unread]));

  function teamMemberName(sale: Project): string {
    if (sale.coordinatorName) return sale.coordinatorName;
    if (!sale.coordinator) return '—';
    if (options.isPending) return 'Loading...';
    return memberNames.get(sale.coordinator) ?? '—';
  }

  async function onExport() {
    try {
      await exportCsv.mutateAsync(listed);
    } catch (error) {
      toastApiError(error, 'Could not export the sales');
    }
  }

  // The selects: in a row on wider screens, in a 'Filters' sheet on a phone.
  const filterFields = (
    <>
      <Select
        label="Company"
        placeholder="All companies"
        options={withCurrent(choices.companies, filters.company)}
        value={filters.company}
        onChange={(event) => setFilter('company', event.target.value)}
      />
      <Select
        label="Service"
        placeholder="All services"
        options={withCurrent(choices.services, filters.service, 'Loading...')}
        value={filters.service}
        onChange={(event) => setFilter('service', event.target.value)}
      />
      <Select
        label="Status"
        placeholder="All statuses"
        options={withCurrent(choices.statuses, filters.status)}
        value={filters.status}
        onChange={(event) => setFilter('status', event.target.value)}
      />
      {ownOnly ? null : (
        <Select
          label="Assigned to"
          placeholder="Anyone"
          options={withCurrent(choices.teamMembers, filters.teamMember, 'Loading...')}
          value={filters.teamMember}
          onChange={(event) => setFilter('teamMember', event.target.value)}
        />
      )}
      <Select
        label="Date range"
        placeholder="Any date"
        options={dateRangeOptions}
        value={filters.dateRange}
        onChange={(event) => setFilter('dateRange', event.target.value)}
      />
      <Select
        label="Type"
        placeholder="All sales"
        options={typeOptions}
        value={filters.type}
        onChange={(event) => setFilter('type', event.target.value)}
      />
    </>
  );

  return (
    <div>
      <StaffPageHeader
        title="Sales"
        description={ownOnly ? 'Showing the sales assigned to you.' : undefined}
        actions={
          canExport ? (
            <Button
              variant="outline"
              onClick={() => void onExport()}
              disabled={exportCsv.isPending}
            >
              {exportCsv.isPending ? (
                <Loader2 aria-hidden="true" className="animate-spin" />
              ) : (
                <Download aria-hidden="true" />
              )}
              Export CSV
            </Button>
          ) : null
        }
      />
      <form
        aria-label="Filter sales"
        onSubmit={(event) => event.preventDefault()}
        className="mb-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-6"
      >
        <TextInput
          label="Search sales"
          type="search"
          placeholder="Order number, company, customer or email"
          fieldClassName="sm:col-span-2 lg:col-span-3 2xl:col-span-6 max-w-xl"
          value={filters.search}
          onChange={(event) => setFilter('search', event.target.value)}
          trailing={<Search aria-hidden="true" className="mr-3 size-5 text-muted" />}
        />
        {wide ? (
          filterFields
        ) : (
          <div className="flex flex-wrap items-center gap-3">
            <FiltersButton activeCount={activeCount} onOpen={() => setFiltersOpen(true)} />
          </div>
        )}
      </form>
      {wide ? null : (
        <FiltersSheet
          open={filtersOpen}
          onOpenChange={setFiltersOpen}
          description="Narrow the sales list; it updates as you choose."
          showLabel="Show sales"
        >
          <div className="flex flex-col gap-4">{filterFields}</div>
        </FiltersSheet>
      )}
      {active ? <ClearFilters onClear={clearFilters} /> : null}
      <StaffTable caption="Sales">
        <thead>
          <tr>
            <Th>Order</Th>
            <Th>Company</Th>
            <Th>Service</Th>
            <Th>Paid</Th>
            <Th>Status</Th>
            <Th className="whitespace-nowrap">Assigned to</Th>
            <Th className="w-28 text-right">Action</Th>
          </tr>
        </thead>
        <tbody aria-busy={sales.isFetching || undefined}>
          {sales.isPending ? (
            <TableSkeletonRows columns={COLUMNS} />
          ) : sales.isError && rows.length === 0 ? (
            <TableMessageRow columns={COLUMNS}>
              <LoadFailedMessage what="sales" onRetry={() => void sales.refetch()} />
            </TableMessageRow>
          ) : rows.length === 0 ? (
            <TableMessageRow columns={COLUMNS}>
              {active ? (
                <>
                  No sales match these filters.{' '}
                  <Button variant="link" onClick={clearFilters}>
                    Clear filters
                  </Button>
                </>
              ) : (
                'No sales yet.'
              )}
            </TableMessageRow>
          ) : (
            rows.map((sale) => (
              <SaleRow
                key={sale._id}
                sale={sale}
                teamMemberName={teamMemberName(sale)}
                unread={unread.get(sale._id) ?? 0}
              />
            ))
          )}
          {sales.isFetchingNextPage ? <TableSkeletonRows columns={COLUMNS} rows={3} /> : null}
        </tbody>
      </StaffTable>
      <LoadMoreFooter
        shown={rows.length}
        noun={['sale', 'sales']}
        hasMore={sales.hasNextPage}
        loading={sales.isFetchingNextPage}
        onLoadMore={() => void sales.fetchNextPage()}
      />
    </div>
  );
}
