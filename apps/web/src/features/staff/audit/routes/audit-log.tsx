import { Download, Loader2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { auditKindLabels, auditKinds, type AuditItem, type AuditKind } from '@noise/shared/audit';
import { isLocalDate } from '@noise/shared/dates';
import { Button } from '@/components/ui/button';
import { TextInput } from '@/components/ui/input';
import { Select, type SelectOption } from '@/components/ui/select';
import { toastApiError } from '@/lib/api-client';
import { useSiteConfig } from '@/lib/site-config';
import { useMediaQuery } from '@/lib/use-media-query';
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
import { useExportAuditCsv } from '../api/export-audit-csv';
import { useAuditLog, type AuditFilters } from '../api/get-audit-log';
import { useAuditPeople } from '../api/get-audit-people';

const COLUMNS = 5;
const FILTER_KEYS: (keyof AuditFilters)[] = ['person', 'kind', 'from', 'to'];
const kindOptions: SelectOption[] = auditKinds.map((kind) => ({
  value: kind,
  label: auditKindLabels[kind],
}));

/** The filters live in the address bar, so a view can be shared and reloaded. */
function useAuditSearchParams() {
  const { params, setFilter, clearFilters } = useAddressFilters(FILTER_KEYS);
  const date = (key: string) => {
    const value = params.get(key) ?? '';
    return isLocalDate(value) ? value : '';
  };
  const kind = params.get('kind') ?? '';
  const filters: AuditFilters = {
    person: params.get('person') ?? '',
    kind: (auditKinds as readonly string[]).includes(kind) ? (kind as AuditKind) : '',
    from: date('from'),
    to: date('to'),
  };

  const activeCount = FILTER_KEYS.filter((key) => filters[key] !== '').length;
  return { filters, setFilter, clearFilters, activeCount };
}

const whenFormats = new Map<string, Intl.DateTimeFormat>();

/** '05 Mar, 2026' and '14:03:27' in the business time zone, where the date filters count days. */
function formatWhen(iso: string, timeZone: string | undefined) {
  const key = timeZone ?? '';
  let format = whenFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      day: '2-digit',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZone,
    });
    whenFormats.set(key, format);
  }
  const parts = format.formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  return {
    date: `${part('day')} ${part('month')}, ${part('year')}`,
    time: `${part('hour')}:${part('minute')}:${part('second')}`,
  };
}

function AuditRow({ item, timeZone }: { item: AuditItem; timeZone: string | undefined }) {
  const when = formatWhen(item.createdAt, timeZone);
  return (
    <tr className="hover:bg-canvas/50">
      <Td className="whitespace-nowrap tabular-nums max-md:order-first">
        <time dateTime={item.createdAt}>
          <span className="font-semibold">{when.date}</span>{' '}
          <span className="text-muted">{when.time}</span>
        </time>
      </Td>
      <Td label="Who" className="max-md:w-full md:whitespace-nowrap">
        {item.actorName || <span className="text-muted">Not signed in</span>}
        {item.apiKey ? (
          <span className="block text-xs text-muted md:whitespace-normal">
            with the API key {item.apiKey.name}
          </span>
        ) : null}
      </Td>
      <Td className="max-md:w-full">
        <span className="inline-flex rounded-full bg-ink/10 px-2.5 py-0.5 text-xs font-bold text-ink">
          {auditKindLabels[item.kind]}
        </span>
        <p className="mt-1 break-words">{item.summary}</p>
        {item.before !== null && item.after !== null ? (
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2 text-xs">
            <dt className="font-semibold text-muted">Before</dt>
            <dd className="break-words">{item.before}</dd>
            <dt className="font-semibold text-muted">After</dt>
            <dd className="break-words">{item.after}</dd>
          </dl>
        ) : null}
      </Td>
      <Td label="Address" className="text-xs break-all">
        <span className="font-mono">{item.ip || '—'}</span>
      </Td>
      <Td className="text-right">
        {item.link ? (
          <Button asChild variant="outline" size="sm">
            <Link to={item.link}>
              Open<span className="sr-only"> what “{item.summary}” changed</span>
            </Link>
          </Button>
        ) : null}
      </Td>
    </tr>
  );
}

/** /wkm-dashboard/audit-log: every sensitive action, newest first, filtered and paged. */
export default function AuditLogRoute() {
  usePageMeta('Audit Log');
  const { filters, setFilter, clearFilters, activeCount } = useAuditSearchParams();
  const wide = useMediaQuery('(min-width: 768px)');
  const [filtersOpen, setFiltersOpen] = useState(false);
  const timeZone = useSiteConfig().data?.businessTimeZone;

  const people = useAuditPeople();
  useToastOnError(people.error, 'Could not load the people to filter by');
  const log = useAuditLog(filters);
  useToastOnError(log.error, 'Could not load the audit log');
  const exportCsv = useExportAuditCsv();

  const personOptions = useMemo(() => {
    const options = (people.data ?? []).map((p) => ({ value: p._id, label: p.name }));
    // A person in the address but not (yet) in the list still shows as chosen.
    if (filters.person && !options.some((o) => o.value === filters.person)) {
      options.push({ value: filters.person, label: people.isPending ? 'Loading...' : 'Unknown' });
    }
    return options;
  }, [people.data, people.isPending, filters.person]);
  const rows = log.data?.pages.flatMap((page) => page.items) ?? [];

  async function onExport() {
    try {
      await exportCsv.mutateAsync(filters);
    } catch (error) {
      toastApiError(error, 'Could not download the audit log');
    }
  }

  const filterFields = (
    <>
      <Select
        label="Person"
        placeholder="Everyone"
        options={personOptions}
        value={filters.person}
        onChange={(event) => setFilter('person', event.target.value)}
      />
      <Select
        label="Kind"
        placeholder="All kinds"
        options={kindOptions}
        value={filters.kind}
        onChange={(event) => setFilter('kind', event.target.value)}
      />
      <TextInput
        label="From"
        type="date"
        value={filters.from}
        max={filters.to || undefined}
        onChange={(event) => setFilter('from', event.target.value)}
      />
      <TextInput
        label="To"
        type="date"
        value={filters.to}
        min={filters.from || undefined}
        onChange={(event) => setFilter('to', event.target.value)}
      />
    </>
  );

  return (
    <div>
      <StaffPageHeader
        title="Audit Log"
        description={`Who changed what, newest first. Times and dates in ${timeZone ?? 'the business time zone'}.`}
        actions={
          <Button variant="outline" onClick={() => void onExport()} disabled={exportCsv.isPending}>
            {exportCsv.isPending ? (
              <Loader2 aria-hidden="true" className="animate-spin" />
            ) : (
              <Download aria-hidden="true" />
            )}
            Download CSV
          </Button>
        }
      />
      {wide ? (
        <form
          aria-label="Filter the audit log"
          onSubmit={(event) => event.preventDefault()}
          className="mb-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-[1fr_1.4fr_0.9fr_0.9fr]"
        >
          {filterFields}
        </form>
      ) : (
        <>
          <div className="mb-6">
            <FiltersButton activeCount={activeCount} onOpen={() => setFiltersOpen(true)} />
          </div>
          <FiltersSheet
            open={filtersOpen}
            onOpenChange={setFiltersOpen}
            description="Narrow the audit log; it updates as you choose."
            showLabel="Show entries"
          >
            <form
              aria-label="Filter the audit log"
              onSubmit={(event) => event.preventDefault()}
              className="flex flex-col gap-4"
            >
              {filterFields}
            </form>
          </FiltersSheet>
        </>
      )}
      {activeCount > 0 ? <ClearFilters onClear={clearFilters} /> : null}
      <StaffTable caption="Audit log">
        <thead>
          <tr>
            <Th>When</Th>
            <Th>Who</Th>
            <Th>What</Th>
            <Th>Address</Th>
            <Th className="w-24 text-right">
              <span className="sr-only">Open</span>
            </Th>
          </tr>
        </thead>
        <tbody aria-busy={log.isFetching || undefined}>
          {log.isPending ? (
            <TableSkeletonRows columns={COLUMNS} />
          ) : log.isError && rows.length === 0 ? (
            <TableMessageRow columns={COLUMNS}>
              <LoadFailedMessage what="the audit log" onRetry={() => void log.refetch()} />
            </TableMessageRow>
          ) : rows.length === 0 ? (
            <TableMessageRow columns={COLUMNS}>
              {activeCount > 0 ? (
                <>
                  Nothing matches these filters.{' '}
                  <Button variant="link" onClick={clearFilters}>
                    Clear filters
                  </Button>
                </>
              ) : (
                'Nothing has been recorded yet.'
              )}
            </TableMessageRow>
          ) : (
            rows.map((item) => <AuditRow key={item._id} item={item} timeZone={timeZone} />)
          )}
          {log.isFetchingNextPage ? <TableSkeletonRows columns={COLUMNS} rows={3} /> : null}
        </tbody>
      </StaffTable>
      <LoadMoreFooter
        shown={rows.length}
        noun={['entry', 'entries']}
        hasMore={log.hasNextPage}
        loading={log.isFetchingNextPage}
        onLoadMore={() => void log.fetchNextPage()}
      />
    </div>
  );
}
