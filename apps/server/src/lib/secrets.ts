import { createHash, randomBytes } from 'node:crypto';

/** A secret for a link, a code or a cookie: 256 random bits, URL-safe. */
export const newSecret = () => randomBytes(32).toString('base64url');

/** What is stored of a secret: a database read reveals none of them. */
export const hashSecret = (value: string) => createHash('sha256').update(value).digest('hex');
