import { homePageLinksTo } from '@noise/shared/home-links';
import type { NavigationEntry, SiteNavigation } from '@noise/shared/navigation';
import { AppError, badRequest } from '../../lib/errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { CatalogueManageRepository } from './manage-repository.ts';
import type { ManageDeps } from './manage-service.ts';

const AREA_NAMES = { header: 'header', footer: 'footer' } as const;

/**
 * GET /api/navigation (docs/product.md#site-navigation): the header and the footer's services as
 * staff set them, without a link whose service is archived or whose record is gone (so a visitor
 * never meets a dead link, whatever happened in between).
 */
export async function readNavigation(
  repo: CatalogueManageRepository,
  options: { all?: boolean } = {},
) {
  const rows = await repo.listSiteLinks();
  const live = await repo.liveTargets(
    rows.filter((row) => row.kind === 'service').map((row) => row.targetId),
    rows.filter((row) => row.kind === 'page').map((row) => row.targetId),
  );
  const shown = (row: (typeof rows)[number]) =>
    options.all || (row.kind === 'service' ? live.services : live.pages).has(row.targetId);
  const entries = (area: 'header' | 'footer'): NavigationEntry[] =>
    rows
      .filter((row) => row.area === area && shown(row))
      .map((row) => ({ label: row.label, kind: row.kind, id: row.targetId }));
  return { header: entries('header'), footer: entries('footer') } satisfies SiteNavigation;
}

/**
 * PUT /api/navigation: replaces the header's and footer's links. Every link must lead to a service
 * on the site or a page that exists; a refused save changes nothing and names the link.
 */
export async function saveNavigation(deps: ManageDeps, actor: AuthUser, input: SiteNavigation) {
  const actorName = await deps.repos.catalogueManage.staffName(actor.id);
  return deps.repos.transaction(async (r) => {
    const all = [
      ...input.header.map((entry, i) => ({ entry, path: `header.${i}.id` })),
      ...input.footer.map((entry, i) => ({ entry, path: `footer.${i}.id` })),
    ];
    const live = await r.catalogueManage.liveTargets(
      all.filter(({ entry }) => entry.kind === 'service').map(({ entry }) => entry.id),
      all.filter(({ entry }) => entry.kind === 'page').map(({ entry }) => entry.id),
    );
    const missing = all.filter(({ entry }) =>
      entry.kind === 'service' ? !live.services.has(entry.id) : !live.pages.has(entry.id),
    );
    if (missing.length > 0) {
      const details = missing.map(({ entry, path }) => ({
        path,
        message: `'${entry.label}' leads to a ${entry.kind} that is not on the site`,
      }));
      throw badRequest(details[0]!.message, details);
    }
    await r.catalogueManage.replaceSiteLinks([
      ...input.header.map((e) => ({
        area: 'header' as const,
        label: e.label,
        kind: e.kind,
        targetId: e.id,
      })),
      ...input.footer.map((e) => ({
        area: 'footer' as const,
        label: e.label,
        kind: e.kind,
        targetId: e.id,
      })),
    ]);
    await r.audit.record({
      actorId: actor.id,
      ip: actor.ip,
      apiKey: actor.apiKey,
      actorName,
      action: 'navigation.updated',
      entityType: 'navigation',
      entityId: 'site',
      summary: `Changed the site navigation: ${input.header.length} header links, ${input.footer.length} footer links`,
    });
    return readNavigation(r.catalogueManage);
  });
}

/**
 * The places of the site that link to a service or content page: the header and footer (the
 * shop's links), the home page (fixed), and industry tiles and page items (staff-written links,
 * absolute or relative).
 */
export async function placesLinkingTo(
  repo: CatalogueManageRepository,
  kind: 'service' | 'page',
  id: string,
): Promise<string[]> {
  const path = `/${kind === 'service' ? 'services' : 'pages'}/${id}`;
  const navigation = (await repo.listSiteLinks())
    .filter((row) => row.kind === kind && row.targetId === id)
    .map((row) => `the ${AREA_NAMES[row.area]}'s '${row.label}' link`);
  const linked = (await repo.listCatalogueLinks())
    .filter(({ link }) => pathOf(link) === path)
    .map(({ place }) => place);
  return [...navigation, ...homePageLinksTo(kind, id), ...linked];
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
  repo: CatalogueManageRepository,
  kind: 'service' | 'page',
  id: string,
  title: string,
): Promise<void> {
  const places = await placesLinkingTo(repo, kind, id);
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
