import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { formatCalendarDay } from '@noise/shared/format-day';
import { orderName } from '@noise/shared/project-constants';
import {
  allowanceOf,
  ordinal,
  requestStateLabels,
  type RequestItem,
  type RequestPlan,
} from '@noise/shared/requests';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useCancelRequest, useMoveRequest, useRequestPlans } from '../api/requests';
import { ExtraRequest } from './extra-request';

// The form (its intake fields, uploads and checks) loads when 'New request' is pressed.
const NewRequestForm = lazy(() =>
  import('./new-request-form').then((m) => ({ default: m.NewRequestForm })),
);

function RequestRow({ request, last }: { request: RequestItem; last: boolean }) {
  const cancel = useCancelRequest();
  const move = useMoveRequest();
  const queued = request.state === 'queued' && request.queuePlace !== null;
  const failed = cancel.error ?? move.error;
  return (
    <li className="flex flex-col gap-2 border-t-2 border-ink/10 py-3 first:border-t-0 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <Link
          to={`/dashboard/projects/${request.id}`}
          className="font-bold break-words underline-offset-2 hover:underline"
        >
          {request.title}
        </Link>
        <p className="text-sm text-muted">
          {orderName(request.orderNumber)} · {requestStateLabels[request.state]}
          {queued ? ` · ${ordinal(request.queuePlace!)} in your queue` : ''}
          {queued && request.estimatedStart
            ? ` · estimated start ${formatCalendarDay(request.estimatedStart)}`
            : ''}
        </p>
        {failed ? (
          <p role="alert" className="text-sm text-danger">
            {errorMessage(failed, 'That did not work.')}
          </p>
        ) : null}
      </div>
      {queued ? (
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="outline"
            disabled={request.queuePlace === 1 || move.isPending}
            onClick={() => move.mutate({ requestId: request.id, direction: 'up' })}
            aria-label={`Move ${request.title} up`}
          >
            Up
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={last || move.isPending}
            onClick={() => move.mutate({ requestId: request.id, direction: 'down' })}
            aria-label={`Move ${request.title} down`}
          >
            Down
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={cancel.isPending}
            onClick={() => cancel.mutate(request.id)}
            aria-label={`Cancel request ${request.title}`}
          >
            Cancel request
          </Button>
        </div>
      ) : null}
    </li>
  );
}

/** Whether the period's requests are all used: a new one waits for the next, or an extra. */
const periodUsed = (plan: RequestPlan) => {
  const allowance = allowanceOf(plan);
  return allowance !== null && plan.usedThisPeriod >= allowance;
};

function PlanCard({ plan, canSubmit }: { plan: RequestPlan; canSubmit: boolean }) {
  const [open, setOpen] = useState(false);
  const queued = plan.requests.filter((r) => r.state === 'queued');
  const lastQueued = queued.reduce((max, r) => Math.max(max, r.queuePlace ?? 0), 0);
  const shown = [
    ...plan.requests.filter((r) => r.state === 'in-progress' || r.state === 'in-review'),
    ...queued,
    ...plan.requests.filter((r) => r.state === 'done'),
  ];
  return (
    <article className="mt-4 rounded-card border-2 border-ink/15 p-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h3 className="text-xl font-extrabold break-words">{plan.title}</h3>
          <p className="text-sm text-muted">
            {orderName(plan.orderNumber)} · {plan.active} of {plan.activeRequestLimit} active
            {plan.requestsPerPeriod !== null
              ? ` · ${plan.usedThisPeriod} of ${allowanceOf(plan)} this period`
              : ''}
            {plan.extraThisPeriod ? ` (${plan.extraThisPeriod} extra)` : ''}
          </p>
        </div>
        {canSubmit && plan.open && !open && !periodUsed(plan) ? (
          <Button size="sm" onClick={() => setOpen(true)}>
            New request
          </Button>
        ) : null}
      </div>
      {plan.refusal ? <p className="mt-2 text-sm">{plan.refusal}</p> : null}
      <ExtraRequest plan={plan} />
      {open ? (
        <Suspense fallback={<Spinner label="Loading the form" className="mt-4 w-full" />}>
          <NewRequestForm plan={plan} onDone={() => setOpen(false)} />
        </Suspense>
      ) : null}
      {shown.length ? (
        <ul className="mt-3" aria-label={`Requests of ${plan.title}`}>
          {shown.map((r) => (
            <RequestRow key={r.id} request={r} last={r.queuePlace === lastQueued} />
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-sm text-muted">No requests yet.</p>
      )}
    </article>
  );
}

/**
 * The company's request plans (docs/product.md#request-plans): each plan's use, its requests and
 * queue, and 'New request' for an Owner or Member. Only one plan's, when `planId` is given.
 */
export function RequestPlans({ canSubmit, planId }: { canSubmit: boolean; planId?: string }) {
  const plans = useRequestPlans();
  const list = (plans.data?.plans ?? []).filter((p) => !planId || p.id === planId);
  if (!list.length) return null;
  return (
    <section
      aria-labelledby="request-plans"
      className="mt-8 rounded-card border-2 border-ink bg-paper p-5 sm:p-8"
    >
      <h2 id="request-plans" className="text-3xl font-extrabold">
        Requests
      </h2>
      {list.map((plan) => (
        <PlanCard key={plan.id} plan={plan} canSubmit={canSubmit} />
      ))}
    </section>
  );
}
