import { useEffect } from 'react';
import { Link } from 'react-router';
import type { Industry } from '@noise/shared/catalogue';
import { Skeleton } from '@/components/ui/skeleton';
import { responsiveImage } from '@noise/shared/images';
import { toastApiError } from '@/lib/api-client';
import { useIndustries } from '../api/get-industries';
import { ExternalLink, isExternalUrl } from './external-link';

function IndustryTile({ industry }: { industry: Industry }) {
  const content = (
    <>
      {industry.featurePhoto ? (
        <img
          {...responsiveImage(industry.featurePhoto, '(min-width: 1024px) 25vw, 50vw')}
          alt=""
          loading="lazy"
          className="absolute inset-0 size-full object-cover transition-transform duration-500 group-hover:scale-105"
        />
      ) : (
        <div
          aria-hidden="true"
          className="absolute inset-0 bg-gradient-to-br from-ink to-ink-soft"
        />
      )}
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-gradient-to-t from-ink/85 via-ink/20 to-transparent"
      />
      <span className="absolute inset-x-0 bottom-0 p-3 font-display text-base leading-tight font-bold text-paper sm:p-5 sm:text-xl">
        {industry.title}
      </span>
    </>
  );
  const className =
    'group relative block aspect-[4/3] overflow-hidden rounded-card bg-ink shadow-card ring-accent transition-shadow hover:ring-4 focus-visible:ring-4';
  if (isExternalUrl(industry.link)) {
    return (
      <ExternalLink href={industry.link} className={className}>
        {content}
      </ExternalLink>
    );
  }
  return (
    <Link to={industry.link || '/'} className={className}>
      {content}
    </Link>
  );
}

/** 'Search by Industry': each tile shows a photo and a title and links where the server says. */
export function IndustryGrid() {
  const industries = useIndustries();

  useEffect(() => {
    if (industries.error) toastApiError(industries.error, 'Could not load industries');
  }, [industries.error]);

  if (industries.isPending) {
    return (
      <ul className="grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-4" aria-busy="true">
        {Array.from({ length: 4 }, (_, i) => (
          <li key={i}>
            <Skeleton className="aspect-[4/3] rounded-card" />
          </li>
        ))}
      </ul>
    );
  }
  const list = industries.data ?? [];
  if (list.length === 0) {
    return (
      <p className="rounded-card border-2 border-dashed border-ink/20 p-8 text-center text-muted">
        Industry showcases are on their way.
      </p>
    );
  }
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-4">
      {list.map((industry) => (
        <li key={industry._id}>
          <IndustryTile industry={industry} />
        </li>
      ))}
    </ul>
  );
}
