import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/auth.ts';
import { renderAdjustmentNoteOf, renderInvoiceOf, type InvoiceSettings } from './load-invoice.ts';
import type { RenderInvoice } from './render-pool.ts';
import { canSeeProject } from '../projects/visibility.ts';

export function registerInvoiceRoutes(
  app: FastifyInstance,
  deps: { db: Db; settings: InvoiceSettings; render: RenderInvoice },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/payments/:id/invoice',
    {
      config: { access: 'client-owner' },
      schema: {
        tags: ['payments'],
        summary: 'The tax invoice of a payment (PDF)',
        params: z.object({ id: z.string().min(1).max(200) }),
      },
    },
    async (request, reply) => {
      const caller = requireUser(request);
      // The payer, or staff who manage sales; anyone else is told it does not exist.
      const invoice = await renderInvoiceOf(
        deps.db,
        deps.settings,
        request.params.id,
        deps.render,
        ({ payment, project }) =>
          canSeeProject(caller, project ?? { ...payment, claimTokenHash: null }),
      );
      if (!invoice) throw notFound('Invoice not found');
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${invoice.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(invoice.content);
    },
  );

  r.get(
    '/api/refunds/:id/adjustment-note',
    {
      config: { access: 'client-owner' },
      schema: {
        tags: ['payments'],
        summary: 'The adjustment note of a refund (PDF)',
        params: z.object({ id: z.string().min(1).max(200) }),
      },
    },
    async (request, reply) => {
      const caller = requireUser(request);
      // Whoever may see the payment it refunds; anyone else is told it does not exist.
      const note = await renderAdjustmentNoteOf(
        deps.db,
        deps.settings,
        request.params.id,
        deps.render,
        ({ payment, project }) =>
          canSeeProject(caller, project ?? { ...payment, claimTokenHash: null }),
      );
      if (!note) throw notFound('Adjustment note not found');
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${note.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(note.content);
    },
  );
}
