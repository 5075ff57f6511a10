import type { Page } from 'playwright-core';

/** A 16 x 16 PNG, enough for the server's image checks and WebP copies. */
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR4nGP4r9dBEmIY1TCqYfhqAADJQ7UQkLigBAAAAABJRU5ErkJggg==';

export function pngFile(name = 'photo.png') {
  return { name, mimeType: 'image/png', buffer: Buffer.from(PNG_BASE64, 'base64') };
}

export async function apiGet<T>(baseUrl: string, path: string, token: string): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Fails the test on an uncaught error in the page. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

export const uniqueSuffix = () => Math.random().toString(36).slice(2, 8);
