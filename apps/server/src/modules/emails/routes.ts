import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { emailPreviewListResponse } from '@noise/shared/emails';
import type { EmailBrand } from '../../lib/email-html.ts';
import type { EmailKind } from '../../lib/email-kinds.ts';
import { previewEmails } from './preview-emails.ts';

/**
 * The staff's 'Emails' page (docs/product.md#emails): whoever manages the site's content sees
 * every email the shop sends, as it looks now.
 */
export function registerEmailRoutes(
  app: FastifyInstance,
  deps: { kinds: readonly EmailKind[]; brand: () => EmailBrand },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/email-previews',
    {
      config: { access: 'catalogue:manage' },
      schema: {
        summary: 'Every kind of email, rendered with demo data: subject, text and HTML',
        tags: ['emails'],
        response: { 200: emailPreviewListResponse },
      },
    },
    async () => ({ items: await previewEmails(deps.kinds, deps.brand()) }),
  );
}
