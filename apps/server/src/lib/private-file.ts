import type { FastifyReply } from 'fastify';
import type { StoredFile } from '../plugins/file-store.ts';

/**
 * Sends a private upload (a brief's or a message's file) as a download: under its original name
 * made safe for the header, never cached, and sandboxed so that a file a browser would render
 * (an image, a PDF) cannot run anything on our origin.
 */
export function sendPrivateFile(
  reply: FastifyReply,
  file: { originalName: string; contentType: string },
  body: StoredFile['body'],
) {
  const safeName = file.originalName.replace(/[^\w.\- ]+/g, '_');
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${safeName}"`)
    .header('cache-control', 'private, no-store')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(body);
}
