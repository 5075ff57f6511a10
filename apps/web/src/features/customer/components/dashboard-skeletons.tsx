import { Skeleton } from '@/components/ui/skeleton';

/*
 * What the dashboard's panels draw while their data loads, and what the dashboard draws in their
 * place before their code has loaded: the same elements, so nothing moves when either arrives.
 */

export function NeedsActionSkeleton() {
  return <Skeleton className="h-16 rounded-card" />;
}

export function RecentlyViewedSkeleton() {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {Array.from({ length: 3 }, (_, i) => (
        <Skeleton key={i} className="h-28 rounded-card" />
      ))}
    </div>
  );
}

export function QuestionsSkeleton() {
  return <Skeleton className="h-24 rounded-card" />;
}

/** The hint under 'Your question' (ask-question-form.tsx), which the placeholder wraps alike. */
export const ASK_QUESTION_HINT =
  'Anything that is not about one of your orders: new work, prices, ideas.';

/**
 * The 'Ask us anything' form's place until it loads: its label, a four-row field, its hint and
 * its two buttons, at their heights.
 */
export function AskQuestionSkeleton() {
  return (
    <div aria-hidden="true" className="flex flex-col gap-3">
      <div className="flex flex-col gap-1.5">
        <Skeleton className="h-5 w-28" />
        <Skeleton className="h-[124px]" />
        <p className="text-sm text-transparent select-none">{ASK_QUESTION_HINT}</p>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Skeleton className="h-10 w-36 rounded-full" />
        <Skeleton className="h-11 w-24 rounded-full" />
      </div>
    </div>
  );
}
