import { useEffect } from 'react';
import { Link } from 'react-router';
import { isNotFound, toastApiError } from '@/lib/api-client';
import { formatPrice } from '@/lib/format';
import { useRecentlyViewed } from '../api/get-recently-viewed';
import { RecentlyViewedSkeleton } from './dashboard-skeletons';

/** The services the customer looked at last, with their starting prices (the dashboard's). */
export function RecentlyViewed() {
  const recent = useRecentlyViewed();
  useEffect(() => {
    if (recent.error && !isNotFound(recent.error)) {
      toastApiError(recent.error, 'Could not load your recently viewed services');
    }
  }, [recent.error]);

  if (recent.isPending) return <RecentlyViewedSkeleton />;
  const entries = recent.data ?? [];
  if (entries.length === 0) {
    return (
      <p className="rounded-card border-2 border-dashed border-ink/20 p-6 text-muted">
        Services you look at will show up here.{' '}
        <Link to="/#mind-map" className="font-semibold text-accent-strong underline">
          Browse services
        </Link>
      </p>
    );
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {entries.map(({ service }) => (
        <li key={service._id}>
          <Link
            to={`/services/${service._id}`}
            className="flex items-center gap-4 rounded-card border-2 border-ink bg-paper p-4 transition-transform hover:-translate-y-0.5"
          >
            <img
              src={service.featurePhoto || '/service-placeholder.svg'}
              alt=""
              className="size-16 shrink-0 rounded-xl bg-ink object-cover"
            />
            <span>
              <span className="block font-display text-lg font-bold">{service.title}</span>
              <span className="text-sm text-muted">
                From {formatPrice(service.basePrice)} exc. GST
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
