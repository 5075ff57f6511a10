import type { Page } from '@noise/shared/catalogue';
import type { PageForm } from '@noise/shared/catalogue-admin';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { SavedUpload } from '../../lib/uploads.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { refuseIfLinked } from './navigation-links.ts';
import { type PageItemRow, type PageRow } from './manage-repository.ts';
import { asStoredUrl, difference, releaseFiles, type ManageDeps } from './manage-service.ts';
import { storedUrlOf } from './stored-files.ts';

export function toPageDto(page: PageRow, items: readonly PageItemRow[]): Page {
  return {
    _id: page.id,
    title: page.title,
    items: items.map((i) => ({ title: i.title, link: i.link, featurePhoto: i.featurePhotoUrl })),
  };
}

/**
 * Creates (id null) or updates a content page and replaces its items in order, in one
 * transaction. An item's photo is its new file (`photos` by form index), else the kept URL it
 * sends (one of this page's current photos), else none. Photos no longer used are removed after.
 */
export async function savePage(
  deps: ManageDeps,
  actor: AuthUser,
  id: string | null,
  input: { form: PageForm; indexes: number[] },
  photos: ReadonlyMap<number, SavedUpload>,
): Promise<Page> {
  const { form, indexes } = input;
  for (const index of photos.keys()) {
    if (!indexes.includes(index)) {
      throw badRequest(`The photo for item ${index + 1} has no title or link with it`);
    }
  }
  const actorName = await deps.repos.catalogueManage.staffName(actor.id);
  const { saved, released } = await deps.repos.transaction(async (r) => {
    const current = id === null ? undefined : await r.catalogueManage.lockPage(id);
    if (id !== null && !current) throw notFound('Page not found');
    const before = current ? await r.catalogueManage.listPageItems(current.id) : [];
    const own = new Set(before.map((i) => i.featurePhotoUrl).filter(Boolean));
    const items = form.items.map((item, n) => {
      const upload = photos.get(indexes[n]!);
      if (upload)
        return { title: item.title, link: item.link, featurePhotoUrl: storedUrlOf(upload) };
      const kept = asStoredUrl(item.featurePhotoUrl ?? '', deps.publicUrl);
      if (kept && !own.has(kept)) {
        throw badRequest(`Item ${n + 1}: ${item.featurePhotoUrl} is not one of this page's photos`);
      }
      return { title: item.title, link: item.link, featurePhotoUrl: kept };
    });
    const page = current
      ? await r.catalogueManage.updatePage(current.id, form.title)
      : await r.catalogueManage.insertPage(form.title);
    const after = await r.catalogueManage.replacePageItems(page.id, items);
    await r.audit.record({
      actorId: actor.id,
      ip: actor.ip,
      apiKey: actor.apiKey,
      actorName,
      action: current ? 'page.updated' : 'page.created',
      entityType: 'page',
      entityId: page.id,
      summary: `${current ? 'Updated' : 'Created'} page "${page.title}"`,
    });
    return {
      saved: toPageDto(
        page,
        [...after].sort((a, b) => a.position - b.position),
      ),
      released: difference(
        before.map((i) => i.featurePhotoUrl),
        items.map((i) => i.featurePhotoUrl),
      ),
    };
  });
  await releaseFiles(deps, released);
  return saved;
}

export async function deletePage(deps: ManageDeps, actor: AuthUser, id: string) {
  const actorName = await deps.repos.catalogueManage.staffName(actor.id);
  const released = await deps.repos.transaction(async (r) => {
    const current = await r.catalogueManage.lockPage(id);
    if (!current) throw notFound('Page not found');
    await refuseIfLinked(r.catalogueManage, 'page', id, current.title);
    const items = await r.catalogueManage.listPageItems(id);
    await r.catalogueManage.deletePage(id);
    await r.audit.record({
      actorId: actor.id,
      ip: actor.ip,
      apiKey: actor.apiKey,
      actorName,
      action: 'page.deleted',
      entityType: 'page',
      entityId: id,
      summary: `Deleted page "${current.title}"`,
    });
    return items.map((i) => i.featurePhotoUrl).filter(Boolean);
  });
  await releaseFiles(deps, released);
}
