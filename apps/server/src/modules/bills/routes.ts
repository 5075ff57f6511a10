import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@noise/shared/api-error';
import {
  billListResponse,
  billRequest,
  billSchema,
  confirmBillPaymentRequest,
  markBillPaidRequest,
  payBillRequest,
  payBillResponse,
  publicBillSchema,
  reverseBillPaymentRequest,
} from '@noise/shared/bills';
import type { Config } from '../../config.ts';
import { requireUser } from '../../plugins/auth.ts';
import type { Repositories } from '../../repositories.ts';
import type { CheckoutDeps } from '../payments/handle-payment.ts';
import {
  createBill,
  getBill,
  listBills,
  sendBill,
  updateBill,
  voidBill,
  type BillDeps,
} from './manage-bill.ts';
import { markBillPaid, reverseBillPayment } from './mark-paid.ts';
import { confirmBillPay, payBill, viewPayableBill } from './pay-bill.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });

/**
 * Invoices staff write for anything (docs/product.md#invoices, docs/decisions/093): the staff's
 * routes under `invoices:manage`, and the pay link's, public but opened only with its signature.
 */
export function registerBillRoutes(
  app: FastifyInstance,
  deps: { repos: Repositories; config: Config; now: () => Date; checkout: CheckoutDeps },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const access = 'invoices:manage' as const;
  const tags = ['invoices'];
  const billDeps: BillDeps = deps;
  const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

  r.get(
    '/api/invoices',
    {
      config: { access },
      schema: { summary: 'List invoices, newest first', tags, response: { 200: billListResponse } },
    },
    async () => listBills(billDeps),
  );

  r.post(
    '/api/invoices',
    {
      config: { access },
      schema: {
        summary: 'Make a draft invoice',
        tags,
        body: billRequest,
        response: { 201: billSchema, 400: apiErrorSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createBill(billDeps, requireUser(request), request.body)),
  );

  r.get(
    '/api/invoices/:id',
    {
      config: { access },
      schema: {
        summary: 'An invoice with its payments',
        tags,
        params: idParams,
        response: { 200: billSchema, 404: apiErrorSchema },
      },
    },
    async (request) => getBill(billDeps, request.params.id),
  );

  r.put(
    '/api/invoices/:id',
    {
      config: { access },
      schema: {
        summary: 'Change a draft invoice',
        tags,
        params: idParams,
        body: billRequest,
        response: { 200: billSchema, ...errors },
      },
    },
    async (request) => updateBill(billDeps, requireUser(request), request.params.id, request.body),
  );

  r.post(
    '/api/invoices/:id/send',
    {
      config: { access },
      schema: {
        summary: 'Mail the invoice with its pay link (again, when sent before)',
        tags,
        params: idParams,
        response: { 200: billSchema, ...errors },
      },
    },
    async (request) =>
      sendBill({ ...billDeps, completion: deps.checkout }, requireUser(request), request.params.id),
  );

  r.post(
    '/api/invoices/:id/void',
    {
      config: { access },
      schema: {
        summary: 'Void an unpaid invoice',
        tags,
        params: idParams,
        response: { 200: billSchema, ...errors },
      },
    },
    async (request) => voidBill(billDeps, requireUser(request), request.params.id),
  );

  r.post(
    '/api/invoices/:id/mark-paid',
    {
      config: { access },
      schema: {
        summary: 'Record a payment received by bank transfer or in cash',
        tags,
        params: idParams,
        body: markBillPaidRequest,
        response: { 200: billSchema, ...errors },
      },
    },
    async (request) =>
      markBillPaid(
        { ...billDeps, completion: deps.checkout },
        requireUser(request),
        request.params.id,
        request.body,
      ),
  );

  r.post(
    '/api/invoices/:id/payments/:paymentId/reverse',
    {
      config: { access },
      schema: {
        summary: 'Reverse a payment marked in error, with an adjustment note',
        tags,
        params: idParams.extend({ paymentId: z.string().min(1).max(64) }),
        body: reverseBillPaymentRequest,
        response: { 200: billSchema, ...errors },
      },
    },
    async (request) =>
      reverseBillPayment(
        billDeps,
        requireUser(request),
        request.params.id,
        request.params.paymentId,
        request.body.reason,
      ),
  );

  // The pay link's own routes: its signature is the capability, as the mailed link carries it.
  r.get(
    '/api/invoices/:id/pay',
    {
      config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        summary: 'An invoice as its pay link shows it',
        tags,
        params: idParams,
        querystring: z.object({ t: z.string().min(1).max(200) }),
        response: { 200: publicBillSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return viewPayableBill(billDeps, request.params.id, request.query.t);
    },
  );

  r.post(
    '/api/invoices/:id/pay',
    {
      config: { access: 'public', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        summary: 'Pay an invoice by card from its pay link',
        tags,
        params: idParams,
        body: payBillRequest,
        response: { 200: payBillResponse, 402: apiErrorSchema, ...errors },
      },
    },
    async (request) => payBill(deps, request.params.id, request.body),
  );

  r.post(
    '/api/invoices/:id/pay/confirm',
    {
      config: { access: 'public', rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        summary: "Finish an invoice's card payment after the bank's check",
        tags,
        params: idParams,
        body: confirmBillPaymentRequest,
        response: { 200: payBillResponse, 402: apiErrorSchema, ...errors },
      },
    },
    async (request) => confirmBillPay(deps, request.params.id, request.body),
  );
}
