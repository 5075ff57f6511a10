import { createHash } from 'node:crypto';
import type { Metadata } from 'sharp';

import {
  LOGO_MAX_BYTES,
  LOGO_MAX_HEIGHT,
  LOGO_MAX_WIDTH,
  type BusinessDetailsAnswer,
} from '@noise/shared/business-details';
import { badRequest } from '../../lib/errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { getBusinessDetails, type BusinessDetailsDeps } from './business-details.ts';
import type { BusinessLogo } from './repository.ts';

/** sharp, loaded with the first logo, not at every start (docs/performance.md#server-start). */
const loadSharp = async () => (await import('sharp')).default;

const LOGO_FIELD = 'logo';
const refuse = (message: string) => badRequest(message, [{ path: LOGO_FIELD, message }]);

/**
 * The PNG kept of an uploaded logo (docs/decisions/095-business-logo.md): the whole image
 * decoded (a sound header on junk pixels is refused), turned upright, made to fit inside
 * 600 × 200 px without being enlarged, transparency kept. PNG because every mail client and
 * the PDF library draw it.
 */
export async function logoFromUpload(bytes: Buffer): Promise<BusinessLogo> {
  if (bytes.length === 0) throw refuse('Choose an image file for the logo');
  if (bytes.length > LOGO_MAX_BYTES) throw refuse('The logo must be at most 2 MB');
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(bytes).metadata();
  } catch {
    throw refuse('The logo must be a PNG, JPEG or WebP image');
  }
  if (!['png', 'jpeg', 'webp'].includes(meta.format ?? '')) {
    throw refuse('The logo must be a PNG, JPEG or WebP image');
  }
  if (!meta.width || !meta.height || meta.width * meta.height > 40_000_000) {
    throw refuse('The logo image is too large: keep it under 40 megapixels');
  }
  try {
    const { data, info } = await sharp(bytes, { animated: false })
      .rotate()
      .resize({
        width: LOGO_MAX_WIDTH,
        height: LOGO_MAX_HEIGHT,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .png({ compressionLevel: 9 })
      .toBuffer({ resolveWithObject: true });
    const version = createHash('sha256').update(data).digest('hex').slice(0, 16);
    return { png: data, width: info.width, height: info.height, version };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code) throw error;
    throw refuse('The logo file is not a valid image');
  }
}

/** Puts an uploaded logo in force everywhere at once, audited. */
export async function saveBusinessLogo(
  deps: BusinessDetailsDeps,
  actor: AuthUser,
  bytes: Buffer,
): Promise<BusinessDetailsAnswer> {
  const logo = await logoFromUpload(bytes);
  const actorName = await deps.repos.users.actorName(actor.id);
  await deps.repos.transaction(async (tx) => {
    await tx.businessDetails.saveLogo(logo, actor.id);
    await tx.audit.record({
      actorId: actor.id,
      actorName,
      ip: actor.ip,
      apiKey: actor.apiKey,
      action: 'settings.logo-updated',
      entityType: 'settings',
      entityId: 'business-details',
      summary: `Uploaded a new logo (${logo.width} × ${logo.height} px)`,
      data: { version: logo.version, width: logo.width, height: logo.height },
    });
  });
  await deps.store.logoSaved(logo);
  return getBusinessDetails(deps);
}

/** Goes back to no logo: emails show the site's icon again and documents the name alone. */
export async function removeBusinessLogo(
  deps: BusinessDetailsDeps,
  actor: AuthUser,
): Promise<BusinessDetailsAnswer> {
  const actorName = await deps.repos.users.actorName(actor.id);
  await deps.repos.transaction(async (tx) => {
    if (!(await tx.businessDetails.removeLogo())) return;
    await tx.audit.record({
      actorId: actor.id,
      actorName,
      ip: actor.ip,
      apiKey: actor.apiKey,
      action: 'settings.logo-removed',
      entityType: 'settings',
      entityId: 'business-details',
      summary: 'Removed the logo',
      data: {},
    });
  });
  await deps.store.logoSaved(null);
  return getBusinessDetails(deps);
}

/** The logo's PNG when `version` is the one in force; anything else is not found. */
export function logoFile(deps: Pick<BusinessDetailsDeps, 'store'>, version: string) {
  const logo = deps.store.logo();
  return logo && logo.version === version ? logo.png : null;
}
