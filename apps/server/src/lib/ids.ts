import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

/** A random 16-character lowercase id (about 82 bits). Seeded records use readable slugs instead. */
export function newId(length = 16): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += ALPHABET[byte % 36];
  return out;
}
