import type { FastifyInstance } from 'fastify';
import type { FileStore } from './file-store.ts';

const TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  pdf: 'application/pdf',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
};

/**
 * Public uploads (catalogue images, PDFs, videos) at /uploads/<key>. Private files (customer
 * briefs) are never served here; their own API routes check who asks. Every answer carries a
 * safe content type from our own table and a sandboxing CSP, so no upload runs as a page of ours.
 */
export function registerUploadsRoute(app: FastifyInstance, store: FileStore) {
  app.get('/uploads/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const missing = () => reply.status(404).type('text/plain').send('Not found');
    if (!key || key.startsWith('private/')) return missing();
    const file = await store.get(key);
    if (!file) return missing();
    const ext = key.slice(key.lastIndexOf('.') + 1);
    const type = TYPES[ext];
    reply
      .header('content-type', type ?? 'application/octet-stream')
      .header('content-disposition', type ? 'inline' : 'attachment')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      .header('cross-origin-resource-policy', 'same-origin')
      // Keys are never reused, so a stored file never changes.
      .header('cache-control', 'public, max-age=31536000, immutable');
    if (file.size !== undefined) reply.header('content-length', file.size);
    return reply.send(file.body);
  });
}
