import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Repositories } from '../../repositories.ts';
import { notFound } from '../../lib/errors.ts';
import { requireUser, type AuthUser } from '../../plugins/auth.ts';
import { renderAdjustmentNoteOf, renderInvoiceOf, type InvoiceSettings } from './load-invoice.ts';
import type { RenderInvoice } from './render-pool.ts';
import type { InvoiceSource } from './repository.ts';
import { canSeeProject } from '../projects/visibility.ts';

/** A document as the browser opens it: inline, never cached on the way. */
function sendPdf(reply: FastifyReply, document: { filename: string; content: Buffer }) {
  return reply
    .type('application/pdf')
    .header('content-disposition', `inline; filename="${document.filename}"`)
    .header('cache-control', 'private, no-store')
    .send(document.content);
}

/** The payer, or staff who may see the sale; anyone else is told the document does not exist. */
const seenBy =
  (caller: AuthUser) =>
  ({ payment, project, payer }: InvoiceSource) =>
    canSeeProject(
      caller,
      project ?? {
        ...payment,
        // A staff invoice's payment (docs/decisions/093): the payer's company sees it.
        companyId: payment.billId ? (payer?.companyId ?? null) : null,
        claimTokenHash: null,
      },
    );

export function registerInvoiceRoutes(
  app: FastifyInstance,
  deps: { repos: Repositories; settings: InvoiceSettings; render: RenderInvoice },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/payments/:id/invoice',
    {
      config: { access: 'client:billing' },
      schema: {
        tags: ['payments'],
        summary: 'The tax invoice of a payment (PDF)',
        params: z.object({ id: z.string().min(1).max(200) }),
      },
    },
    async (request, reply) => {
      const visible = seenBy(requireUser(request));
      const { repos, settings, render } = deps;
      const invoice = await renderInvoiceOf(repos, settings, request.params.id, render, visible);
      if (!invoice) throw notFound('Invoice not found');
      return sendPdf(reply, invoice);
    },
  );

  r.get(
    '/api/refunds/:id/adjustment-note',
    {
      config: { access: 'client:billing' },
      schema: {
        tags: ['payments'],
        summary: 'The adjustment note of a refund (PDF)',
        params: z.object({ id: z.string().min(1).max(200) }),
      },
    },
    async (request, reply) => {
      // Whoever may see the payment it refunds.
      const visible = seenBy(requireUser(request));
      const { repos, settings, render } = deps;
      const note = await renderAdjustmentNoteOf(
        repos,
        settings,
        request.params.id,
        render,
        visible,
      );
      if (!note) throw notFound('Adjustment note not found');
      return sendPdf(reply, note);
    },
  );
}
