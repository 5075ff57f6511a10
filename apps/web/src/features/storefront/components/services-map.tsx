import { ArrowUpRight } from 'lucide-react';
import { Link } from 'react-router';
import { servicesMap } from '@noise/shared/home-links';
import { useSiteConfig, type SiteConfig } from '@/lib/site-config';
import { cn } from '@/lib/utils';
import { ExternalLink } from './external-link';

type MapEntry = (typeof servicesMap)[number];

interface ResolvedEntry {
  label: string;
  key: string;
  href: string;
  external: boolean;
}

function resolve(entry: MapEntry, config: SiteConfig | undefined): ResolvedEntry {
  const externalUrl = 'external' in entry ? config?.externalLinks[entry.external] : undefined;
  return externalUrl
    ? { label: entry.label, key: entry.serviceId, href: externalUrl, external: true }
    : {
        label: entry.label,
        key: entry.serviceId,
        href: `/services/${entry.serviceId}`,
        external: false,
      };
}

function EntryLink({ entry, className }: { entry: ResolvedEntry; className: string }) {
  if (entry.external) {
    return (
      <ExternalLink href={entry.href} className={className}>
        {entry.label}
        <ArrowUpRight aria-hidden="true" className="size-3.5 shrink-0" />
      </ExternalLink>
    );
  }
  return (
    <Link to={entry.href} className={className}>
      {entry.label}
    </Link>
  );
}

const pillClasses =
  'inline-flex items-center justify-center gap-1 rounded-full border-2 border-ink px-4 py-2 text-center text-sm font-semibold text-ink shadow-[3px_3px_0_var(--color-ink)] transition-[background-color,transform,box-shadow] hover:-translate-y-0.5 hover:bg-accent hover:shadow-[5px_5px_0_var(--color-ink)] focus-visible:bg-accent';

/** Positions on two rings around the centre, alternating, so long labels never collide. */
function positionOf(index: number, count: number) {
  const angle = (index / count) * Math.PI * 2 - Math.PI / 2;
  const ring = index % 2 === 0 ? 1 : 0.66;
  return { x: 50 + Math.cos(angle) * 41 * ring, y: 50 + Math.sin(angle) * 43 * ring };
}

/**
 * The home page's clickable services map (docs/product.md#home-page): a mind map with the agency at
 * the centre on wide screens, a tidy cloud of pills on small ones.
 */
export function ServicesMap() {
  const config = useSiteConfig().data;
  const entries = servicesMap.map((entry) => resolve(entry, config));

  return (
    <>
      <ul className="flex flex-wrap justify-center gap-3 md:hidden">
        {entries.map((entry) => (
          <li key={entry.key}>
            <EntryLink entry={entry} className={cn(pillClasses, 'bg-paper')} />
          </li>
        ))}
      </ul>

      <div className="relative mx-auto hidden aspect-[16/10] w-full max-w-6xl md:block">
        <svg
          aria-hidden="true"
          className="absolute inset-0 size-full"
          viewBox="0 0 100 100"
          preserveAspectRatio="none"
        >
          <ellipse
            cx="50"
            cy="50"
            rx="41"
            ry="43"
            fill="none"
            stroke="currentColor"
            className="text-ink/10"
            strokeDasharray="1 1.5"
            vectorEffect="non-scaling-stroke"
          />
          <ellipse
            cx="50"
            cy="50"
            rx="27"
            ry="28.4"
            fill="none"
            stroke="currentColor"
            className="text-ink/10"
            vectorEffect="non-scaling-stroke"
          />
          {entries.map((entry, index) => {
            const { x, y } = positionOf(index, entries.length);
            return (
              <line
                key={entry.key}
                x1="50"
                y1="50"
                x2={x}
                y2={y}
                stroke="currentColor"
                className={index % 2 === 0 ? 'text-accent' : 'text-ink/25'}
                strokeWidth={index % 2 === 0 ? 2 : 1.5}
                vectorEffect="non-scaling-stroke"
              />
            );
          })}
        </svg>

        <div className="absolute top-1/2 left-1/2 grid size-44 -translate-x-1/2 -translate-y-1/2 place-items-center rounded-full bg-ink text-center text-paper shadow-[0_0_0_10px_var(--color-accent-soft),0_0_0_22px_rgb(255_46_136_/_0.12)] lg:size-52">
          <p className="font-display text-2xl leading-tight font-extrabold lg:text-3xl">
            Our
            <br />
            Services<span className="text-accent">.</span>
          </p>
        </div>

        <ul>
          {entries.map((entry, index) => {
            const { x, y } = positionOf(index, entries.length);
            return (
              <li
                key={entry.key}
                className="absolute -translate-x-1/2 -translate-y-1/2"
                style={{ left: `${x}%`, top: `${y}%` }}
              >
                <EntryLink
                  entry={entry}
                  className={cn(
                    pillClasses,
                    'max-w-44 lg:text-[0.95rem]',
                    index % 2 === 1 ? 'bg-canvas' : 'bg-paper',
                  )}
                />
              </li>
            );
          })}
        </ul>
      </div>
    </>
  );
}
