import type { Industry } from '@noise/shared/catalogue';
import type { IndustryForm } from '@noise/shared/catalogue-admin';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { SavedUpload } from '../../lib/uploads.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { type IndustryRow } from './manage-repository.ts';
import { asStoredUrl, difference, releaseFiles, type ManageDeps } from './manage-service.ts';
import { storedUrlOf } from './stored-files.ts';

export function toIndustryDto(row: IndustryRow): Industry {
  return { _id: row.id, title: row.title, link: row.link, featurePhoto: row.featurePhotoUrl };
}

/** Creates (id null) or updates an industry; a new one goes to the end of the home page grid. */
export async function saveIndustry(
  deps: ManageDeps,
  actor: AuthUser,
  id: string | null,
  form: IndustryForm,
  photo: SavedUpload | undefined,
): Promise<Industry> {
  const actorName = await deps.repos.catalogueManage.staffName(actor.id);
  const { saved, released } = await deps.repos.transaction(async (r) => {
    const current = id === null ? undefined : await r.catalogueManage.lockIndustry(id);
    if (id !== null && !current) throw notFound('Industry not found');
    const currentPhoto = current?.featurePhotoUrl ?? '';
    let featurePhotoUrl = currentPhoto;
    if (photo) featurePhotoUrl = storedUrlOf(photo);
    else if (form.featurePhoto !== undefined) {
      const sent = asStoredUrl(form.featurePhoto, deps.publicUrl);
      if (sent !== '' && sent !== currentPhoto) {
        throw badRequest("Feature photo: send a new file, the current file's URL, or nothing");
      }
      featurePhotoUrl = sent;
    }
    const values = { title: form.title, link: form.link, featurePhotoUrl };
    const row = current
      ? await r.catalogueManage.updateIndustry(current.id, values)
      : await r.catalogueManage.insertIndustry(values);
    await r.audit.record({
      actorId: actor.id,
      ip: actor.ip,
      apiKey: actor.apiKey,
      actorName,
      action: current ? 'industry.updated' : 'industry.created',
      entityType: 'industry',
      entityId: row.id,
      summary: `${current ? 'Updated' : 'Created'} industry "${row.title}"`,
    });
    return {
      saved: toIndustryDto(row),
      released: difference(currentPhoto ? [currentPhoto] : [], [featurePhotoUrl]),
    };
  });
  await releaseFiles(deps, released);
  return saved;
}

export async function deleteIndustry(deps: ManageDeps, actor: AuthUser, id: string) {
  const actorName = await deps.repos.catalogueManage.staffName(actor.id);
  const released = await deps.repos.transaction(async (r) => {
    const current = await r.catalogueManage.lockIndustry(id);
    if (!current) throw notFound('Industry not found');
    await r.catalogueManage.deleteIndustry(id);
    await r.audit.record({
      actorId: actor.id,
      ip: actor.ip,
      apiKey: actor.apiKey,
      actorName,
      action: 'industry.deleted',
      entityType: 'industry',
      entityId: id,
      summary: `Deleted industry "${current.title}"`,
    });
    return current.featurePhotoUrl ? [current.featurePhotoUrl] : [];
  });
  await releaseFiles(deps, released);
}
