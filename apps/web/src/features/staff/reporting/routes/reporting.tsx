import { Download, Loader2 } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { formatMoney } from '@noise/shared/pricing';
import {
  reportGranularities,
  type ReportGranularity,
  type RevenueReport,
} from '@noise/shared/reports';
import { Button } from '@/components/ui/button';
import { TextInput } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { errorMessage, toastApiError } from '@/lib/api-client';
import { usePageMeta } from '@/lib/use-page-meta';
import { EmptyState, StaffPageHeader, StaffSection } from '../../components/page-header';
import {
  StaffTable,
  TableMessageRow,
  TableSkeletonRows,
  Td,
  Th,
} from '../../components/staff-table';
import { useToastOnError } from '../../components/use-toast-on-error';
import { useExportSalesCsv } from '../../api/export-sales-csv';
import { useSiteConfig } from '@/lib/site-config';
import { useGstReport } from '../api/get-gst-report';
import { useRevenueReport } from '../api/get-revenue-report';
import {
  csvRangeFor,
  periodLabel,
  rangeDates,
  reportRanges,
  type ReportRange,
} from '../components/report-format';
import { RecurringRevenue } from '../components/recurring-revenue';
import { RevenueChart } from '../components/revenue-chart';

const granularityLabels: Record<ReportGranularity, string> = {
  day: 'Day',
  week: 'Week',
  month: 'Month',
};
const rangeLabels: Record<ReportRange | 'custom', string> = {
  last7days: 'Last 7 days',
  last30days: 'Last 30 days',
  last90days: 'Last 90 days',
  last365days: 'Last 365 days',
  custom: 'Custom dates',
};
const rangeOptions = [...reportRanges, 'custom' as const].map((value) => ({
  value,
  label: rangeLabels[value],
}));
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Granularity and range live in the address bar, so a report can be shared and reloaded. */
function useReportParams() {
  const [params, setParams] = useSearchParams();
  const granularityParam = params.get('granularity');
  const granularity = reportGranularities.includes(granularityParam as ReportGranularity)
    ? (granularityParam as ReportGranularity)
    : 'day';
  const rangeParam = params.get('range');
  const range: ReportRange | 'custom' =
    rangeParam === 'custom' || reportRanges.includes(rangeParam as ReportRange)
      ? (rangeParam as ReportRange | 'custom')
      : 'last30days';
  const timeZone = useSiteConfig().data?.businessTimeZone;
  const preset = rangeDates(range === 'custom' ? 'last30days' : range, new Date(), timeZone);
  const fromParam = params.get('from') ?? '';
  const toParam = params.get('to') ?? '';
  const from = range === 'custom' && DATE.test(fromParam) ? fromParam : preset.from;
  const to = range === 'custom' && DATE.test(toParam) ? toParam : preset.to;

  function set(changes: Record<string, string | null>) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  }
  return { granularity, range, from, to, set, timeZone };
}

function totalsOf(report: RevenueReport | undefined) {
  const series = report?.series ?? [];
  return {
    sales: series.reduce((sum, p) => sum + p.salesCents, 0),
    gst: series.reduce((sum, p) => sum + p.gstCents, 0),
    orders: series.reduce((sum, p) => sum + p.orders, 0),
  };
}

function Stat({ label, value }: { label: string; value: string | null }) {
  return (
    <div className="rounded-card border-2 border-ink/10 bg-paper p-5 shadow-card">
      <p className="text-xs font-bold tracking-wide text-muted uppercase">{label}</p>
      <p className="mt-2 font-display text-3xl font-extrabold tabular-nums">
        {value ?? <Skeleton className="h-9 w-32" />}
      </p>
    </div>
  );
}

function ServiceBars({ report }: { report: RevenueReport }) {
  const rows = [...report.byService].sort((a, b) => b.salesCents - a.salesCents);
  const max = Math.max(1, ...rows.map((r) => r.salesCents));
  if (rows.length === 0) return <EmptyState title="No sales in this range" />;
  return (
    <ul className="flex flex-col gap-4">
      {rows.map((row) => (
        <li key={row.service}>
          <div className="flex flex-wrap items-baseline justify-between gap-x-4 text-sm">
            <span className="font-semibold">{row.service}</span>
            <span className="tabular-nums">
              {formatMoney(row.salesCents)} inc. GST{' '}
              <span className="text-muted">
                · {row.orders} {row.orders === 1 ? 'order' : 'orders'}
              </span>
            </span>
          </div>
          <div className="mt-1.5 h-3 overflow-hidden rounded-full bg-canvas" aria-hidden="true">
            <div
              className="h-full rounded-full bg-accent"
              style={{ width: `${Math.max(1, (row.salesCents / max) * 100)}%` }}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}

function GstTable() {
  const gst = useGstReport();
  useToastOnError(gst.error, 'Could not load the GST report');
  return (
    <StaffTable caption="GST collected per quarter" className="shadow-none">
      <thead>
        <tr>
          <Th>Quarter</Th>
          <Th className="text-right">Sales (inc. GST)</Th>
          <Th className="text-right">GST on sales</Th>
          <Th className="text-right">GST on adjustments</Th>
          <Th className="text-right">Net GST</Th>
        </tr>
      </thead>
      <tbody>
        {gst.isPending ? (
          <TableSkeletonRows columns={5} rows={4} />
        ) : gst.isError ? (
          <TableMessageRow columns={5}>{errorMessage(gst.error)}</TableMessageRow>
        ) : gst.data.quarters.length === 0 ? (
          <TableMessageRow columns={5}>No payments yet.</TableMessageRow>
        ) : (
          gst.data.quarters.map((quarter) => (
            <tr key={quarter.from}>
              <Td className="font-semibold">{quarter.label}</Td>
              <Td label="Sales" className="text-right tabular-nums">
                {formatMoney(quarter.salesCents)}
                {quarter.refundedCents > 0 ? (
                  <span className="block text-xs text-muted">
                    after {formatMoney(quarter.refundedCents)} refunded
                  </span>
                ) : null}
              </Td>
              <Td label="GST on sales" className="text-right tabular-nums">
                {formatMoney(quarter.gstOnSalesCents)}
              </Td>
              <Td label="GST on adjustments" className="text-right tabular-nums">
                {quarter.gstAdjustmentsCents > 0
                  ? `−${formatMoney(quarter.gstAdjustmentsCents)}`
                  : formatMoney(0)}
              </Td>
              <Td label="Net GST" className="text-right font-semibold tabular-nums">
                {formatMoney(quarter.gstCents)}
              </Td>
            </tr>
          ))
        )}
      </tbody>
    </StaffTable>
  );
}

/** /wkm-dashboard/reporting: revenue over time, by service, GST per quarter and a CSV export. */
export default function ReportingRoute() {
  usePageMeta('Reporting');
  const { granularity, range, from, to, set, timeZone } = useReportParams();
  const validRange = from <= to;
  const revenue = useRevenueReport({ granularity, from, to }, validRange);
  useToastOnError(revenue.error, 'Could not load the revenue report');
  const exportCsv = useExportSalesCsv();
  const csvRange = csvRangeFor(from, new Date(), timeZone);
  const totals = totalsOf(revenue.data);
  const loaded = revenue.data !== undefined;

  async function onExport() {
    try {
      await exportCsv.mutateAsync({ dateRange: csvRange ?? '' });
    } catch (error) {
      toastApiError(error, 'Could not export the sales');
    }
  }

  return (
    <div>
      <StaffPageHeader
        title="Reporting"
        description={
          revenue.data
            ? `Money received, GST included, by local date in ${revenue.data.timeZone}.`
            : 'Money received, GST included.'
        }
        actions={
          <Button variant="outline" onClick={() => void onExport()} disabled={exportCsv.isPending}>
            {exportCsv.isPending ? (
              <Loader2 aria-hidden="true" className="animate-spin" />
            ) : (
              <Download aria-hidden="true" />
            )}
            Export CSV
            <span className="sr-only">
              {' '}
              of the sales of {csvRange ? rangeLabels[csvRange].toLowerCase() : 'all time'}
            </span>
          </Button>
        }
      />
      <div className="mb-6 flex flex-wrap items-end gap-4">
        <Tabs
          value={granularity}
          defaultValue="day"
          onValueChange={(g) => set({ granularity: g })}
          controls="revenue-by-period"
        >
          <TabsList aria-label="Group by">
            {reportGranularities.map((g) => (
              <TabsTrigger key={g} value={g}>
                {granularityLabels[g]}
              </TabsTrigger>
            ))}
          </TabsList>
        </Tabs>
        <div className="w-48">
          <Select
            label="Date range"
            options={rangeOptions}
            value={range}
            onChange={(event) =>
              set(
                event.target.value === 'custom'
                  ? { range: 'custom', from, to }
                  : { range: event.target.value, from: null, to: null },
              )
            }
          />
        </div>
        {range === 'custom' ? (
          <>
            <div className="w-44">
              <TextInput
                label="From"
                type="date"
                value={from}
                max={to}
                onChange={(event) => event.target.value && set({ from: event.target.value })}
              />
            </div>
            <div className="w-44">
              <TextInput
                label="To"
                type="date"
                value={to}
                min={from}
                onChange={(event) => event.target.value && set({ to: event.target.value })}
              />
            </div>
          </>
        ) : null}
      </div>
      {!validRange ? (
        <p role="alert" className="mb-6 font-semibold text-danger">
          The start date must be before the end date.
        </p>
      ) : null}
      {range === 'custom' ? (
        <p className="mb-6 text-sm text-muted">
          Export CSV gives the sales of{' '}
          {csvRange ? rangeLabels[csvRange].toLowerCase() : 'all time'}, the closest export range
          that covers these dates.
        </p>
      ) : null}

      <div className="mb-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Stat label="Total sales (inc. GST)" value={loaded ? formatMoney(totals.sales) : null} />
        <Stat label="GST included" value={loaded ? formatMoney(totals.gst) : null} />
        <Stat label="Orders" value={loaded ? String(totals.orders) : null} />
        <Stat
          label="Discounts given (exc. GST)"
          value={revenue.data ? formatMoney(revenue.data.discountsGivenCents) : null}
        />
      </div>

      <div className="flex flex-col gap-6">
        <StaffSection title="Revenue" className="min-w-0">
          <div id="revenue-by-period">
            {revenue.isPending ? (
              <Skeleton className="aspect-[8/3] w-full" />
            ) : revenue.isError && !revenue.data ? (
              <EmptyState title="The report could not be loaded">
                <p>{errorMessage(revenue.error)}</p>
                <Button variant="link" onClick={() => void revenue.refetch()}>
                  Try again
                </Button>
              </EmptyState>
            ) : revenue.data ? (
              <div
                className={revenue.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
              >
                {totals.sales === 0 && totals.orders === 0 ? (
                  <p className="mb-3 text-sm text-muted">No money received in this range.</p>
                ) : null}
                <RevenueChart series={revenue.data.series} granularity={revenue.data.granularity} />
                <details className="mt-4 text-sm">
                  <summary className="cursor-pointer font-semibold">Show the numbers</summary>
                  <table className="mt-3 w-full text-left">
                    <thead>
                      <tr className="text-xs text-muted uppercase">
                        <th scope="col" className="py-1">
                          Period
                        </th>
                        <th scope="col" className="py-1 text-right">
                          Sales (inc. GST)
                        </th>
                        <th scope="col" className="py-1 text-right">
                          GST
                        </th>
                        <th scope="col" className="py-1 text-right">
                          Orders
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {revenue.data.series.map((point) => (
                        <tr key={point.period} className="border-t border-line">
                          <td className="py-1">
                            {periodLabel(point.period, revenue.data.granularity)}
                          </td>
                          <td className="py-1 text-right tabular-nums">
                            {formatMoney(point.salesCents)}
                          </td>
                          <td className="py-1 text-right tabular-nums">
                            {formatMoney(point.gstCents)}
                          </td>
                          <td className="py-1 text-right tabular-nums">{point.orders}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </details>
              </div>
            ) : null}
          </div>
        </StaffSection>
        <div className="grid gap-6 2xl:grid-cols-2">
          <StaffSection title="Revenue by Service" className="min-w-0">
            {revenue.data ? (
              <ServiceBars report={revenue.data} />
            ) : (
              <div className="flex flex-col gap-4">
                <Skeleton className="h-8" />
                <Skeleton className="h-8" />
                <Skeleton className="h-8" />
              </div>
            )}
          </StaffSection>
          <StaffSection
            title="GST Collected"
            description={`Per calendar quarter, from payments received${revenue.data ? ` (${revenue.data.timeZone})` : ''}.`}
          >
            <GstTable />
          </StaffSection>
        </div>
        <RecurringRevenue />
      </div>
    </div>
  );
}
