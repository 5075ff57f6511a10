import type { FastifyReply } from 'fastify';
import type { StoredFile } from '../plugins/file-store.ts';

/**
 * Sends a private upload (a brief's or a message's file) as a download, whatever its type: under
 * its original name made safe for the header, never cached, never sniffed as another type, and
 * sandboxed so that a file a browser would render (an image, a PDF) cannot run anything on our
 * origin.
 */
export function sendPrivateFile(
  reply: FastifyReply,
  file: { originalName: string; contentType: string },
  body: StoredFile['body'],
) {
  const safeName = file.originalName.replace(/[^\w.\- ]+/g, '_');
  // Every answer is nosniff (plugins/security-headers.ts); a private file says so itself too.
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${safeName}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(body);
}
