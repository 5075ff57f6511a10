import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  orderPaymentRequest,
  type HandlePaymentRequest,
  type HandlePaymentResponse,
} from '@noise/shared/payments';
import { tokenizeSandboxCard } from '@noise/shared/sandbox-card';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSignUp, apiStaffLogin } from '../support/api.ts';
import {
  ADMIN,
  createStore,
  spawnServer,
  spawnServerUnderLazyParent,
  startServer,
  waitReady,
  type ServerProcess,
  type Store,
} from './process.ts';
import type { Service } from '@noise/shared/catalogue';

// SIGKILL the built server in the middle of a checkout load and of a renewal run, restart it on
// the same data, and check that no money went missing or was taken twice. Runs on PGlite, and on
// PostgreSQL when TEST_DATABASE_URL is set (the data-folder lock is PGlite's alone).

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const CUSTOMERS = 12;
const KILL_AFTER_PAID = 20;
const WEEK_MS = 7 * 24 * 3600_000;
/** Subscriptions are moved this many weeks back: that many weekly periods fall due at once. */
const WEEKS_BACK = 5;

interface Order {
  token: string;
  body: HandlePaymentRequest;
  outcome: 'paid' | 'unknown' | 'busy';
  projectId?: string;
}

let store: Store;
let server: ServerProcess | undefined;
const orders: Order[] = [];

async function json<T>(url: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const res = await fetch(url, {
    ...init,
    headers: {
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.body && typeof init.body === 'string' ? { 'content-type': 'application/json' } : {}),
    },
  });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const pay = (base: string, order: Order) =>
  fetch(`${base}/api/payments/handle-payment`, {
    method: 'POST',
    headers: { authorization: `Bearer ${order.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(order.body),
  });

function card4242(): string {
  const result = tokenizeSandboxCard({
    number: '4242 4242 4242 4242',
    expiry: '12/40',
    cvc: '123',
  });
  if (!('paymentMethodId' in result)) throw new Error(result.error);
  return result.paymentMethodId;
}

const lines = (output: string, text: string) => output.split('\n').filter((l) => l.includes(text));

beforeAll(async () => {
  store = await createStore();
});

afterAll(async () => {
  await server?.kill('SIGTERM');
  await store?.remove();
});

describe('crashes: SIGKILL under load, restart on the same data', () => {
  let oneTime: { service: Service; pkg: Service['packages'][number] };
  let weekly: { service: Service; pkg: Service['packages'][number] };
  let coordinatorId: string;
  const customers: { token: string; email: string }[] = [];

  it('a second server on the same data folder refuses to start and names the owner', async () => {
    server = await startServer(store);
    if (onPostgres) return; // PostgreSQL needs no folder lock; the folder is not the database.
    const second = await spawnServer(store);
    const code = await second.exited;
    expect(code).not.toBe(0);
    expect(second.output()).toContain(`in use by another server process (pid ${server.pid})`);
    // The owner is unharmed.
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    expect(readFileSync(path.join(store.dataDir, 'server.lock'), 'utf8').trim()).toBe(
      String(server.pid),
    );
  });

  it('checkout load, SIGKILL, restart: every payment has its project, none is charged twice', async () => {
    const base = server!.url;
    const staff = await apiStaffLogin(base, ADMIN.email, ADMIN.password);
    const form = new FormData();
    form.append('email', 'crash-coordinator@example.com');
    form.append('role', 'co-ordinator');
    form.append('profile[firstName]', 'Cora');
    form.append('profile[lastName]', 'Crash');
    coordinatorId = (
      await json<{ _id: string }>(`${base}/api/users/site-users`, {
        method: 'POST',
        token: staff,
        body: form,
      })
    )._id;

    const summaries = await json<{ _id: string }[]>(`${base}/api/services`);
    for (const s of summaries) {
      const service = await json<Service>(`${base}/api/services/${s._id}`);
      for (const pkg of service.packages) {
        if (pkg.type === 'one-time' && !oneTime) oneTime = { service, pkg };
        if (pkg.type === 'weekly' && !weekly) weekly = { service, pkg };
      }
      if (oneTime && weekly) break;
    }
    expect(oneTime && weekly).toBeTruthy();

    for (let i = 0; i < CUSTOMERS; i++) {
      const email = `crash-${i}-${Math.random().toString(36).slice(2, 8)}@example.com`;
      customers.push({
        email,
        token: await apiSignUp(base, { firstName: 'Crash', lastName: `Customer ${i}`, email }),
      });
    }

    // Every customer pays order after order until the server dies under them.
    const victim = server!;
    let paid = 0;
    let killing: Promise<unknown> | undefined;
    await Promise.all(
      customers.map(async (customer, i) => {
        for (let n = 0; ; n++) {
          const choice = (i + n) % 2 === 0 ? oneTime : weekly;
          const order: Order = {
            token: customer.token,
            outcome: 'unknown',
            body: orderPaymentRequest({
              service: choice.service,
              package: choice.pkg,
              extras: choice.service.serviceExtras.slice(0, n % 3),
              coordinatorId,
              customer: { name: `Crash Customer ${i}`, email: customer.email },
              companyName: 'Crash Test Pty Ltd',
              contactNumber: '0412345678',
              paymentMethodId: card4242(),
              idempotencyKey: `chk_${crypto.randomUUID()}`,
            }),
          };
          orders.push(order);
          let res: Response;
          try {
            res = await pay(base, order);
          } catch {
            return; // the server died with this request in flight: outcome unknown
          }
          if (res.status !== 200) throw new Error(`payment: ${res.status} ${await res.text()}`);
          const answer = (await res.json()) as HandlePaymentResponse;
          if (!answer.success) throw new Error('the 4242 card asked for 3-D Secure');
          order.outcome = 'paid';
          order.projectId = answer.projectId;
          if (++paid === KILL_AFTER_PAID) killing = victim.kill('SIGKILL');
        }
      }),
    );
    expect(await killing).toBeNull(); // killed by the signal, not exited
    const inFlight = orders.filter((o) => o.outcome === 'unknown');
    expect(paid).toBeGreaterThanOrEqual(KILL_AFTER_PAID);
    expect(inFlight.length).toBeGreaterThan(0);

    // Restart on the crashed data at once: the dead owner's lock is taken over.
    server = await startServer(store);
    if (!onPostgres) {
      expect(readFileSync(path.join(store.dataDir, 'server.lock'), 'utf8').trim()).toBe(
        String(server.pid),
      );
    }
    // The customers whose request was cut off pay again with the same key (as the page does).
    const retryBase = server.url;
    await Promise.all(
      inFlight.map(async (order) => {
        const res = await pay(retryBase, order);
        const body = (await res.json()) as HandlePaymentResponse & { message?: string };
        if (res.status === 200 && body.success) {
          order.outcome = 'paid';
          order.projectId = body.projectId;
        } else {
          // A dead process's attempt stays locked for two minutes; the answer says so clearly.
          expect(res.status, JSON.stringify(body)).toBe(409);
          expect(body.message).toMatch(/already being processed/);
          order.outcome = 'busy';
        }
      }),
    );
    await server.kill('SIGTERM');

    // Two minutes pass: the dead process's attempt locks run out. Then the busy ones retry.
    const stale = await store.query<{ n: number }>(
      `update payment_attempts set locked_until = now() - interval '1 second'
       where state in ('processing', 'error') returning 1 as n`,
    );
    expect(stale.length).toBe(orders.filter((o) => o.outcome === 'busy').length);
    server = await startServer(store);
    const busyBase = server.url;
    await Promise.all(
      orders
        .filter((o) => o.outcome === 'busy')
        .map(async (order) => {
          const res = await pay(busyBase, order);
          const body = (await res.json()) as HandlePaymentResponse;
          expect(res.status, JSON.stringify(body)).toBe(200);
          if (!body.success) throw new Error('expected success');
          order.outcome = 'paid';
          order.projectId = body.projectId;
        }),
    );
    await server.kill('SIGTERM');
    server = undefined;

    console.info(
      `checkout crash: ${paid} paid before SIGKILL, ${inFlight.length} in flight, ` +
        `${stale.length} still locked after the restart, ${orders.length} orders in all`,
    );

    // Every order the customers sent is paid once, with one project each.
    expect(orders.every((o) => o.outcome === 'paid')).toBe(true);
    const projectIds = new Set(orders.map((o) => o.projectId));
    expect(projectIds.size).toBe(orders.length);

    const projects = await store.query<{ id: string }>('select id from projects');
    expect(projects.map((p) => p.id).sort()).toEqual([...projectIds].sort());
    // Every payment has its project, every project exactly one order payment.
    expect(
      await store.query(
        `select pay.id from payments pay left join projects p on p.id = pay.project_id
         where p.id is null`,
      ),
    ).toEqual([]);
    expect(
      await store.query(
        `select p.id from projects p left join payments pay
           on pay.project_id = p.id and pay.kind = 'order'
         group by p.id having count(pay.id) <> 1`,
      ),
    ).toEqual([]);
    // Every charge the provider made is recorded once, for its amount; nothing else was charged.
    const charges = await store.query<{ id: string; key: string; amount: number; paid: number }>(
      `select i.id, i.idempotency_key as key, i.amount_cents as amount,
              (select count(*)::int from payments pay
                where pay.transaction_id = i.id and pay.amount_cents = i.amount_cents) as paid
       from sandbox_payment_intents i where i.status = 'succeeded'`,
    );
    expect(charges.length).toBe(orders.length);
    expect(charges.filter((c) => c.paid !== 1)).toEqual([]);
    expect(new Set(charges.map((c) => c.key))).toEqual(
      new Set(orders.map((o) => o.body.idempotencyKey)),
    );
    expect(await store.query(`select id from payment_attempts where state <> 'succeeded'`)).toEqual(
      [],
    );
  });

  it('renewal run, SIGKILL, restart: each period is charged once', async () => {
    // Every weekly subscription is moved back, so several periods are due at once.
    const subs = await store.query<{ id: string; next: Date }>(
      `update subscriptions set next_charge_at = next_charge_at - interval '${WEEKS_BACK} weeks'
       returning id, next_charge_at as next`,
    );
    expect(subs.length).toBeGreaterThan(3);
    const total = subs.length * WEEKS_BACK;

    server = await startServer(store, { JOBS_POLL_INTERVAL_MS: '50', LOG_LEVEL: 'info' });
    const victim = server;
    const deadline = Date.now() + 60_000;
    while (lines(victim.output(), 'subscription renewed').length === 0) {
      if (Date.now() > deadline) throw new Error(`no renewal ran:\n${victim.output()}`);
      await new Promise((r) => setTimeout(r, 5));
    }
    expect(await victim.kill('SIGKILL')).toBeNull();
    server = undefined;

    const done = await store.query<{ n: number }>(
      `select count(*)::int as n from payments where kind = 'renewal'`,
    );
    expect(done[0]!.n).toBeGreaterThan(0);
    expect(done[0]!.n).toBeLessThan(total); // killed in the middle of the run
    console.info(`renewal crash: ${done[0]!.n} of ${total} renewals recorded at SIGKILL`);
    // Five minutes pass: the dead worker's claimed jobs may be taken again.
    await store.query(
      `update jobs set locked_until = now() - interval '1 second' where status = 'running'`,
    );

    server = await startServer(store, { JOBS_POLL_INTERVAL_MS: '50' });
    const finished = Date.now() + 90_000;
    for (;;) {
      // Ask the customers' own API whether every subscription moved past today.
      const pending = await Promise.all(
        orders
          .filter((o) => o.body.projectDetails.packageId === weekly.pkg._id)
          .map((o) =>
            json<{ nextChargeAt?: string | null }>(
              `${server!.url}/api/projects/${o.projectId}/subscription`,
              { token: o.token },
            ),
          ),
      );
      if (pending.every((s) => s.nextChargeAt && Date.parse(s.nextChargeAt) > Date.now())) break;
      if (Date.now() > finished) throw new Error(`renewals did not finish:\n${server.output()}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    await server.kill('SIGTERM');
    server = undefined;

    // Each subscription paid exactly its due periods, each period once, each charge recorded.
    const perSub = await store.query<{ id: string; next: Date; renewals: number; periods: number }>(
      `select s.id, s.next_charge_at as next,
              count(p.id)::int as renewals, count(distinct p.idempotency_key)::int as periods
       from subscriptions s left join payments p on p.subscription_id = s.id and p.kind = 'renewal'
       group by s.id`,
    );
    const before = new Map(subs.map((s) => [s.id, new Date(s.next).getTime()]));
    for (const s of perSub) {
      expect(s.renewals).toBe(WEEKS_BACK);
      expect(s.periods).toBe(WEEKS_BACK);
      expect(new Date(s.next).getTime()).toBe(before.get(s.id)! + WEEKS_BACK * WEEK_MS);
    }
    expect(
      await store.query(
        `select i.metadata->>'subscriptionId' as sub, i.metadata->>'period' as period, count(*)
         from sandbox_payment_intents i
         where i.status = 'succeeded' and i.metadata->>'kind' = 'renewal'
         group by 1, 2 having count(*) <> 1`,
      ),
    ).toEqual([]);
    const renewalCharges = await store.query<{ id: string; paid: number }>(
      `select i.id, (select count(*)::int from payments p where p.transaction_id = i.id) as paid
       from sandbox_payment_intents i
       where i.status = 'succeeded' and i.metadata->>'kind' = 'renewal'`,
    );
    expect(renewalCharges.length).toBe(total);
    expect(renewalCharges.filter((c) => c.paid !== 1)).toEqual([]);
  });

  it('SIGKILL and an immediate restart: the new server takes the folder at once, data intact', async () => {
    await server?.kill('SIGTERM');
    // The killed server is left a zombie by its parent for as long as this test runs: its pid
    // still answers signals, which once made the restart wait for the parent to collect it.
    const victim = await spawnServerUnderLazyParent(store);
    try {
      await waitReady(victim);
      const email = `restart-${Math.random().toString(36).slice(2, 10)}@example.com`;
      await apiSignUp(victim.url, { firstName: 'Restart', lastName: 'Customer', email });
      const staff = await apiStaffLogin(victim.url, ADMIN.email, ADMIN.password);
      const sales = (base: string, token: string) =>
        json<{ items: { _id: string }[] }>(`${base}/api/projects-all?limit=100`, { token });
      const before = (await sales(victim.url, staff)).items.map((p) => p._id);

      await victim.kill('SIGKILL');
      server = await startServer(store);
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
      if (!onPostgres) {
        expect(readFileSync(path.join(store.dataDir, 'server.lock'), 'utf8').trim()).toBe(
          String(server.pid),
        );
      }
      // What the killed server had committed is there: the customer signs in, the sales list
      // is the same.
      const signIn = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: email, password: 'e2e password 123' }),
      });
      expect(signIn.status, await signIn.clone().text()).toBe(200);
      const staffAgain = await apiStaffLogin(server.url, ADMIN.email, ADMIN.password);
      expect((await sales(server.url, staffAgain)).items.map((p) => p._id)).toEqual(before);

      // A second server while this one lives is still refused.
      if (!onPostgres) {
        const second = await spawnServer(store);
        expect(await second.exited).not.toBe(0);
        expect(second.output()).toContain(`in use by another server process (pid ${server.pid})`);
        expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
      }
      await server.kill('SIGTERM');
      server = undefined;
    } finally {
      await victim.release();
    }
  });
});
