import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { RequestItem } from '@noise/shared/requests';
import { seesOnlyAssigned } from '@noise/shared/roles';
import { Button } from '@/components/ui/button';
import { Select, type SelectOption } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/auth';
import { useMediaQuery } from '@/lib/use-media-query';
import { usePageMeta } from '@/lib/use-page-meta';
import { EmptyState, StaffPageHeader } from '../../components/page-header';
import { FiltersButton, FiltersSheet } from '../../components/phone-filters';
import { LoadFailedMessage } from '../../components/staff-table';
import { useToastOnError } from '../../components/use-toast-on-error';
import { useBoard } from '../api/get-board';
import { RequestBoard } from '../components/request-board';

/** The board's filters, kept in the address so a filtered board can be shared and reloaded. */
const FILTERS = ['client', 'plan', 'assignee'] as const;
type Filter = (typeof FILTERS)[number];
const UNASSIGNED = 'none';

function options(cards: readonly RequestItem[], pick: (c: RequestItem) => SelectOption | null) {
  const seen = new Map<string, string>();
  for (const card of cards) {
    const option = pick(card);
    if (option && !seen.has(option.value)) seen.set(option.value, option.label);
  }
  return [...seen]
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

function matches(card: RequestItem, filters: Record<Filter, string>) {
  if (filters.client && card.companyId !== filters.client) return false;
  if (filters.plan && card.planId !== filters.plan) return false;
  if (filters.assignee === UNASSIGNED) return card.coordinatorId === null;
  if (filters.assignee && card.coordinatorId !== filters.assignee) return false;
  return true;
}

/** /wkm-dashboard/requests: the request plans' board (docs/product.md#request-plans). */
export function RequestBoardRoute() {
  usePageMeta('Requests');
  const { userRole } = useAuth();
  // A co-ordinator's board holds only their own clients' requests (docs/decisions/056).
  const ownOnly = seesOnlyAssigned(userRole);
  const board = useBoard();
  useToastOnError(board.error, 'Could not load the requests');
  // On a phone the filters fold behind 'Filters', which opens them in a sheet (as on Sales).
  const wide = useMediaQuery('(min-width: 768px)');
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries(FILTERS.map((f) => [f, params.get(f) ?? ''])) as Record<
    Filter,
    string
  >;
  const setFilter = (name: Filter, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );

  const cards = useMemo(() => board.data ?? [], [board.data]);
  const choices = useMemo(
    () => ({
      client: options(cards, (c) =>
        c.companyId ? { value: c.companyId, label: c.companyName || 'No company' } : null,
      ),
      plan: options(cards, (c) => ({
        value: c.planId,
        label: `${c.planTitle} · ${c.companyName || 'No company'}`,
      })),
      assignee: [
        ...options(cards, (c) =>
          c.coordinatorId
            ? { value: c.coordinatorId, label: c.coordinatorName || 'Someone' }
            : null,
        ),
        { value: UNASSIGNED, label: 'Unassigned' },
      ],
    }),
    [cards],
  );
  const shown = cards.filter((card) => matches(card, filters));
  const activeCount = FILTERS.filter((f) => filters[f]).length;
  const filtered = activeCount > 0;
  const clearFilters = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const f of FILTERS) next.delete(f);
        return next;
      },
      { replace: true },
    );

  // The selects: in a row on wider screens, in a 'Filters' sheet on a phone.
  const filterFields = (
    <>
      <Select
        label="Client"
        placeholder="All clients"
        options={choices.client}
        value={filters.client}
        onChange={(event) => setFilter('client', event.target.value)}
      />
      <Select
        label="Plan"
        placeholder="All plans"
        options={choices.plan}
        value={filters.plan}
        onChange={(event) => setFilter('plan', event.target.value)}
      />
      {ownOnly ? null : (
        <Select
          label="Assigned to"
          placeholder="Anyone"
          options={choices.assignee}
          value={filters.assignee}
          onChange={(event) => setFilter('assignee', event.target.value)}
        />
      )}
    </>
  );

  return (
    <div>
      <StaffPageHeader
        title="Requests"
        description={
          ownOnly
            ? 'The requests of the clients assigned to you. Drag a card, or use its ‘Move to…’ list.'
            : 'Every client’s requests under their request plans. Drag a card, or use its ‘Move to…’ list.'
        }
      />
      <form
        aria-label="Filter requests"
        onSubmit={(event) => event.preventDefault()}
        className={
          wide ? 'mb-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4' : 'mb-6 flex flex-wrap gap-3'
        }
      >
        {wide ? (
          filterFields
        ) : (
          <FiltersButton activeCount={activeCount} onOpen={() => setFiltersOpen(true)} />
        )}
        {filtered ? (
          <div className="flex items-end">
            <Button type="button" variant="outline" onClick={clearFilters}>
              Clear filters
            </Button>
          </div>
        ) : null}
      </form>
      {wide ? null : (
        <FiltersSheet
          open={filtersOpen}
          onOpenChange={setFiltersOpen}
          description="Narrow the board; it updates as you choose."
          showLabel="Show requests"
        >
          <div className="flex flex-col gap-4">{filterFields}</div>
        </FiltersSheet>
      )}
      {board.isPending ? (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-4" aria-busy="true">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-64 w-full rounded-card" />
          ))}
        </div>
      ) : board.isError ? (
        <p className="rounded-card border-2 border-ink/10 bg-paper px-5 py-12 text-center text-muted">
          <LoadFailedMessage what="requests" onRetry={() => void board.refetch()} />
        </p>
      ) : cards.length === 0 ? (
        <EmptyState title="No requests yet">
          <p>
            When a client with a request plan submits a request, it shows here. Plans are set up on
            a service’s recurring package (‘Active requests at once’).
          </p>
        </EmptyState>
      ) : (
        <>
          {filtered ? (
            <p className="mb-3 text-sm text-muted">
              Showing {shown.length} of {cards.length} requests.
            </p>
          ) : null}
          <RequestBoard cards={shown} all={cards} />
        </>
      )}
    </div>
  );
}
