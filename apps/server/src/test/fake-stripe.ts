import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Answer = { status: number; body: unknown };

const stripeError = (status: number, type: string, message: string, extra = {}): Answer => ({
  status,
  body: { error: { type, message, ...extra } },
});

/**
 * A local stand-in for Stripe's API, enough of customers, payment methods and payment intents
 * to drive the official SDK. It honours idempotency keys as Stripe does: the same key replays
 * the first answer, and the same key while its first request is still running is a 409.
 * `pm_card_threeDSecure2Required` asks for a bank check and `pm_card_chargeDeclined` is declined;
 * any other payment method pays. It can be told to swallow the next create-payment calls: it
 * charges, then never answers and drops the connection, as a provider timing out behind a proxy
 * does (the most dangerous timeout: the charge exists, the server does not know).
 */
export async function startFakeStripe() {
  const requests: {
    method: string;
    path: string;
    idempotencyKey?: string;
    form: URLSearchParams;
  }[] = [];
  const answers = new Map<string, Answer>();
  const running = new Set<string>();
  const intents = new Map<string, Record<string, unknown>>();
  const customers = new Map<string, Record<string, unknown>>();
  const methodOwners = new Map<string, string>();
  let swallow = 0;
  let swallowMs = 0;
  let n = 0;

  const intentFor = (form: URLSearchParams) => {
    const id = `pi_fake_${++n}`;
    const pm = form.get('payment_method')!;
    const status =
      pm === 'pm_card_threeDSecure2Required'
        ? 'requires_action'
        : pm === 'pm_card_chargeDeclined'
          ? 'requires_payment_method'
          : 'succeeded';
    const metadata: Record<string, string> = {};
    for (const [k, v] of form) {
      const m = /^metadata\[(.+)\]$/.exec(k);
      if (m) metadata[m[1]!] = v;
    }
    const intent = {
      id,
      object: 'payment_intent',
      amount: Number(form.get('amount')),
      currency: form.get('currency'),
      customer: form.get('customer'),
      payment_method: pm,
      status,
      client_secret: `${id}_secret_fake`,
      metadata,
      last_payment_error:
        status === 'requires_payment_method' ? { message: 'Your card was declined.' } : null,
    };
    intents.set(id, intent);
    if (status === 'succeeded') methodOwners.set(pm, String(form.get('customer')));
    return intent;
  };

  const route = (method: string, path: string, form: URLSearchParams): Answer => {
    let m: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/customers') {
      const customer = { id: `cus_fake_${++n}`, object: 'customer', email: form.get('email') };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if ((m = /^\/v1\/customers\/([^/]+)$/.exec(path))) {
      const customer = customers.get(m[1]!);
      return customer
        ? { status: 200, body: customer }
        : stripeError(404, 'invalid_request_error', 'No such customer');
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const intent = intentFor(form);
      return intent.status === 'requires_payment_method'
        ? stripeError(402, 'card_error', 'Your card was declined.', {
            code: 'card_declined',
            payment_intent: intent,
          })
        : { status: 200, body: intent };
    }
    if (method === 'POST' && (m = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(path))) {
      const intent = intents.get(m[1]!);
      if (!intent || intent.status === 'succeeded' || intent.status === 'canceled') {
        return stripeError(
          400,
          'invalid_request_error',
          `You cannot cancel this PaymentIntent because it has a status of ${String(intent?.status)}.`,
        );
      }
      intent.status = 'canceled';
      return { status: 200, body: intent };
    }
    if ((m = /^\/v1\/payment_intents\/([^/]+)$/.exec(path))) {
      const intent = intents.get(m[1]!);
      return intent
        ? { status: 200, body: intent }
        : stripeError(404, 'invalid_request_error', 'No such payment_intent');
    }
    if (method === 'POST' && path === '/v1/refunds') {
      // As Stripe: a refund of a succeeded intent, never more than what is left of it.
      const intent = intents.get(form.get('payment_intent') ?? '');
      if (!intent) return stripeError(400, 'invalid_request_error', 'No such payment_intent');
      const left = Number(intent.amount) - Number(intent.amount_refunded ?? 0);
      const amount = form.has('amount') ? Number(form.get('amount')) : left;
      if (intent.status !== 'succeeded' || amount > left) {
        return stripeError(
          400,
          'invalid_request_error',
          `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
        );
      }
      intent.amount_refunded = Number(intent.amount_refunded ?? 0) + amount;
      return {
        status: 200,
        body: {
          id: `re_fake_${++n}`,
          object: 'refund',
          amount,
          payment_intent: intent.id,
          status: 'succeeded',
          failure_reason: null,
        },
      };
    }
    if ((m = /^\/v1\/payment_methods\/([^/]+)\/attach$/.exec(path))) {
      methodOwners.set(m[1]!, form.get('customer')!);
      return {
        status: 200,
        body: { id: m[1], object: 'payment_method', customer: form.get('customer') },
      };
    }
    if ((m = /^\/v1\/payment_methods\/([^/]+)$/.exec(path))) {
      return {
        status: 200,
        body: {
          id: m[1],
          object: 'payment_method',
          customer: methodOwners.get(m[1]!) ?? null,
          card: { last4: '4242', brand: 'visa' },
        },
      };
    }
    return stripeError(404, 'invalid_request_error', `No route ${method} ${path}`);
  };

  const reply = (res: ServerResponse, answer: Answer) => {
    res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': `req_${n}` });
    res.end(JSON.stringify(answer.body));
  };

  const server = createServer(async (req: IncomingMessage, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const url = new URL(req.url!, 'http://localhost');
    const form = new URLSearchParams(req.method === 'GET' ? url.search : raw);
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    requests.push({ method: req.method!, path: url.pathname, idempotencyKey, form });
    const cacheKey = idempotencyKey && `${req.method} ${url.pathname} ${idempotencyKey}`;
    if (cacheKey && running.has(cacheKey)) {
      return reply(
        res,
        stripeError(
          409,
          'idempotency_error',
          'There is currently another in-progress request using this Idempotent Key.',
        ),
      );
    }
    const swallowed = url.pathname === '/v1/payment_intents' && swallow > 0;
    if (swallowed) swallow--;
    let answer = cacheKey ? answers.get(cacheKey) : undefined;
    if (!answer) {
      answer = route(req.method!, url.pathname, form);
      if (cacheKey) answers.set(cacheKey, answer);
    }
    if (!swallowed) return reply(res, answer);
    if (cacheKey) running.add(cacheKey);
    setTimeout(() => {
      if (cacheKey) running.delete(cacheKey);
      req.socket.destroy();
    }, swallowMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    apiBase: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    intents,
    /** The next `times` create-payment calls charge, then hang for `ms` and drop the connection. */
    swallowNext(times: number, ms: number) {
      swallow = times;
      swallowMs = ms;
    },
    /** How many create-payment calls came with `key`. */
    createCalls: (key: string) =>
      requests.filter((r) => r.path === '/v1/payment_intents' && r.idempotencyKey === key).length,
    /** The intents made for one payment attempt. */
    intentsOf: (attemptId: string) =>
      [...intents.values()].filter(
        (i) => (i.metadata as Record<string, string>).attemptId === attemptId,
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
