import { randomBytes } from 'node:crypto';
import { API_KEY_PREFIX } from '@noise/shared/api-keys';
import { hashSecret } from './secrets.ts';

/** The characters of a key shown in lists after its prefix: enough to tell keys apart. */
const SHOWN = 6;

/**
 * A new API key (docs/decisions/075-api-keys.md): `nk_live_` and 256 random bits in base64url.
 * Only its hash is kept; `prefix` is what lists show.
 */
export function newApiKey(): { key: string; prefix: string; hash: string } {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { key, prefix: key.slice(0, API_KEY_PREFIX.length + SHOWN), hash: hashApiKey(key) };
}

/** SHA-256: a key is random enough that a slow hash would add nothing but time on every call. */
export const hashApiKey = (key: string) => hashSecret(key);

/** Whether a bearer credential is an API key rather than a sign-in token. */
export const isApiKey = (credential: string) => credential.startsWith(API_KEY_PREFIX);
