import { ArrowUpRight } from 'lucide-react';
import { Link, useParams } from 'react-router';
import type { Page } from '@noise/shared/catalogue';
import { IMAGE_PLACEHOLDER } from '@/components/service/media-gallery';
import { PageSpinner } from '@/components/ui/spinner';
import { errorMessage, isNotFound } from '@/lib/api-client';
import { PAGE_ITEM_IMAGE_SIZES, responsiveImage } from '@noise/shared/images';
import { usePageMeta } from '@/lib/use-page-meta';
import { usePage } from '../api/get-page';
import { Breadcrumb } from '../components/breadcrumb';
import { ExternalLink, isExternalUrl } from '../components/external-link';
import { NotFoundView } from './not-found';

type PageItem = Page['items'][number];

/** `first`: the first card's photo is often the largest thing on screen: fetch it at once. */
function ItemCard({ item, first }: { item: PageItem; first: boolean }) {
  const body = (
    <>
      <div className="aspect-[4/3] overflow-hidden bg-ink">
        <img
          {...responsiveImage(item.featurePhoto || IMAGE_PLACEHOLDER, PAGE_ITEM_IMAGE_SIZES)}
          alt=""
          loading={first ? 'eager' : 'lazy'}
          fetchPriority={first ? 'high' : 'auto'}
          className="size-full object-cover transition-transform duration-500 group-hover:scale-105"
          onError={(event) => {
            event.currentTarget.src = IMAGE_PLACEHOLDER;
          }}
        />
      </div>
      <div className="flex items-center justify-between gap-3 p-5">
        <h2 className="text-xl font-bold">{item.title}</h2>
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-ink text-paper transition-colors group-hover:bg-accent group-hover:text-ink">
          <ArrowUpRight aria-hidden="true" className="size-5" />
        </span>
      </div>
    </>
  );
  const className =
    'group block h-full overflow-hidden rounded-card border-2 border-ink bg-paper shadow-[5px_5px_0_var(--color-ink)] transition-transform hover:-translate-y-1';
  if (!item.link) return <div className={className}>{body}</div>;
  if (isExternalUrl(item.link)) {
    return (
      <ExternalLink href={item.link} className={className}>
        {body}
      </ExternalLink>
    );
  }
  return (
    <Link to={item.link} className={className}>
      {body}
    </Link>
  );
}

/** A content page: its title and a grid of items (docs/product.md#content-pages). */
export function ContentPageRoute() {
  const { id = '' } = useParams();
  const page = usePage(id);
  usePageMeta(
    page.data?.title ?? (page.isPending ? 'Loading' : 'Page'),
    page.data?.items.length
      ? `${page.data.title}: ${page.data.items.map((item) => item.title).join(', ')}.`
      : undefined,
  );

  if (page.isPending) return <PageSpinner label="Loading page" />;
  if (isNotFound(page.error)) {
    return <NotFoundView title="Page not found" message={`Error: ${errorMessage(page.error)}`} />;
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <Breadcrumb />
      {page.isError ? (
        <p role="alert" className="mt-10 text-lg font-semibold text-danger">
          Error: {errorMessage(page.error)}
        </p>
      ) : (
        <>
          <h1 className="mt-8 text-5xl leading-[0.95] font-extrabold sm:text-7xl">
            {page.data.title}
            <span className="text-accent">.</span>
          </h1>
          {page.data.items.length === 0 ? (
            <p className="mt-10 text-lg text-muted">No data found.</p>
          ) : (
            <ul className="mt-12 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {page.data.items.map((item, index) => (
                <li key={`${item.title}-${index}`}>
                  <ItemCard item={item} first={index === 0} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
