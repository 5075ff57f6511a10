import { displayNameOf } from '@noise/shared/user';
import { Skeleton } from '@/components/ui/skeleton';
import { useCurrentUser } from '@/lib/current-user';
import { usePageMeta } from '@/lib/use-page-meta';

const cards = [
  { title: 'Revenue', text: 'Total sales and orders for today, this week and this month.' },
  { title: 'Latest Sales', text: 'The newest orders and custom sales, each with a View link.' },
  { title: 'New Customers', text: 'Customers who joined most recently.' },
];

export function OverviewRoute() {
  usePageMeta('Dashboard');
  const user = useCurrentUser();
  const name = user.data ? displayNameOf(user.data.profile) || user.data.email : undefined;
  return (
    <div>
      <h1 className="text-4xl font-extrabold sm:text-5xl">
        {name ? `Welcome, ${name}` : <Skeleton className="h-12 w-72" />}
      </h1>
      <p className="mt-2 text-lg text-muted">Here&apos;s your latest Overview</p>
      <ul className="mt-10 grid gap-6 md:grid-cols-2 xl:grid-cols-3">
        {cards.map((card) => (
          <li
            key={card.title}
            className="rounded-card border-2 border-ink/10 bg-paper p-6 shadow-card"
          >
            <h2 className="text-xl font-bold">{card.title}</h2>
            <p className="mt-2 text-sm text-muted">{card.text}</p>
            <p className="mt-6 text-sm font-semibold text-accent-strong">
              Live figures arrive soon.
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}
