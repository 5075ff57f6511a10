import { fixedLinksTo } from '@noise/shared/navigation';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { manageRepository as repo } from './manage-repository.ts';

/**
 * The places of the site that link to a service or content page: the header, footer and home page
 * (fixed), and industry tiles and page items (staff-written links, absolute or relative).
 */
export async function placesLinkingTo(
  tx: Db,
  kind: 'service' | 'page',
  id: string,
): Promise<string[]> {
  const path = `/${kind === 'service' ? 'services' : 'pages'}/${id}`;
  const linked = (await repo.listCatalogueLinks(tx))
    .filter(({ link }) => pathOf(link) === path)
    .map(({ place }) => place);
  return [...fixedLinksTo(kind, id), ...linked];
}

/** The path a link leads to on this site, without a trailing slash, query or fragment. */
function pathOf(link: string): string {
  try {
    const url = new URL(link, 'http://site.invalid');
    return decodeURIComponent(url.pathname).replace(/\/+$/, '');
  } catch {
    return '';
  }
}

/**
 * Refuses to delete (or archive) a record the site links to, naming every place, so no visitor
 * meets a link that leads nowhere (docs/product.md#services-and-pages-linked-from-the-site).
 */
export async function refuseIfLinked(
  tx: Db,
  kind: 'service' | 'page',
  id: string,
  title: string,
): Promise<void> {
  const places = await placesLinkingTo(tx, kind, id);
  if (places.length === 0) return;
  throw new AppError(
    'linked_from_site',
    409,
    `'${title}' is linked from ${places.join(', ')}. Change or remove ${
      places.length === 1 ? 'that link' : 'those links'
    } first, so no visitor meets a page that is gone.`,
    places.map((place) => ({ path: 'id', message: place })),
  );
}
