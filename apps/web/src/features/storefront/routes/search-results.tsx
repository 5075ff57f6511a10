import { ArrowUpRight } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { SEARCH_MAX_QUERY_LENGTH } from '@noise/shared/search-limits';
import { PageSpinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { usePageMeta } from '@/lib/use-page-meta';
import { useSearchServices } from '../api/search-services';

/**
 * `/search?q=`: the services matching a query (docs/product.md#search), where the header's search
 * box leads when Enter is pressed without choosing a suggestion, and where it submits with
 * JavaScript off. The server draws it with the same answer (plugins/landing-pages.ts).
 */
export function SearchResultsRoute() {
  const [params] = useSearchParams();
  const query = (params.get('q') ?? '').trim().slice(0, SEARCH_MAX_QUERY_LENGTH);
  const search = useSearchServices(query);
  usePageMeta(query ? `Search results for “${query}”` : 'Search services', undefined, {
    noindex: true,
  });

  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 lg:px-8">
      <h1 className="text-4xl leading-tight font-extrabold break-words sm:text-5xl">
        {query ? `Services matching “${query}”` : 'Search services'}
      </h1>
      {!query ? (
        <p className="mt-6 text-lg text-muted">
          Type what you are looking for in the search box above.
        </p>
      ) : search.isPending ? (
        <PageSpinner label="Searching" />
      ) : search.isError ? (
        <p role="alert" className="mt-6 text-lg font-semibold text-danger">
          Search is unavailable right now: {errorMessage(search.error)}
        </p>
      ) : search.data.length === 0 ? (
        <p className="mt-6 text-lg text-muted">
          No services match “{query}”.{' '}
          <Link to="/#mind-map" className="font-semibold text-ink underline underline-offset-4">
            Browse all services
          </Link>
        </p>
      ) : (
        <ul className="mt-8 divide-y-2 divide-ink/10 border-y-2 border-ink/10">
          {search.data.map((service) => (
            <li key={service._id}>
              <Link
                to={`/services/${encodeURIComponent(service._id)}`}
                className="group flex items-center justify-between gap-4 py-4 text-xl font-bold"
              >
                {service.title}
                <span className="grid size-10 shrink-0 place-items-center rounded-full bg-ink text-paper transition-colors group-hover:bg-accent group-hover:text-ink">
                  <ArrowUpRight aria-hidden="true" className="size-5" />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
