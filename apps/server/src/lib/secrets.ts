import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/** A secret for a link, a code or a cookie: 256 random bits, URL-safe. */
export const newSecret = () => randomBytes(32).toString('base64url');

/** What is stored of a secret: a database read reveals none of them. */
export const hashSecret = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * Encrypts small secrets kept at rest (the two-factor authenticator secret) with AES-256-GCM
 * under a key derived from TOKEN_SECRET (HKDF, one key per `purpose`): a copy of the database
 * without the server's configuration reveals none of them, and the key is never the signing
 * key itself. A value that was tampered with, or made under another key, fails to open.
 */
export function createSecretBox(tokenSecret: string, purpose: string) {
  const key = Buffer.from(hkdfSync('sha256', tokenSecret, 'noise secret box', purpose, 32));
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', ...[iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url'))].join(
        '.',
      );
    },
    /** The sealed value, or null for one this key did not seal. */
    open(sealed: string): string | null {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        const plain = Buffer.concat([
          decipher.update(Buffer.from(body, 'base64url')),
          decipher.final(),
        ]);
        return plain.toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
export type SecretBox = ReturnType<typeof createSecretBox>;
