import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { WebhookEndpoint } from '@noise/shared/webhooks';
import { createTestApp, testRepositories } from '../../test/app.ts';
import { bearer, createUser } from '../../test/factories.ts';
import { outboxFiles } from '../../test/outbox.ts';
import { emitWebhookEvent, WEBHOOK_JOB } from '../webhooks/deliver-webhook.ts';

/**
 * The issue this answers: 100 deliveries to a webhook endpoint that hangs held every password
 * reset behind them. Here the real runner polls and is woken, as in production (not
 * runDueJobs), while an endpoint on 127.0.0.1 takes every delivery and never answers.
 */
const DELIVERIES = 100;
const RESET_DEADLINE_MS = 2_000;

// The poll is short enough that the runner of old, which ran one job after another, would have
// taken the reset within the deadline had the deliveries not stood before it.
const { app, config } = await createTestApp({ jobsPollIntervalMs: 500 });
const repos = testRepositories(app);
let endpointId = '';

const hanging: IncomingMessage[] = [];
const endpoint = createServer((request) => {
  // Taken, never answered: each delivery waits for its own deadline.
  hanging.push(request);
});
await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
const endpointUrl = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/hooks`;
afterAll(async () => {
  endpoint.closeAllConnections();
  await new Promise<void>((resolve) => endpoint.close(() => resolve()));
});

function mailTo(address: string): string | undefined {
  const dir = path.join(config.dataDir, 'outbox');
  return outboxFiles(dir)
    .map((file) => readFileSync(path.join(dir, file), 'utf8'))
    .find((mail) => mail.includes(`To: ${address}`));
}

describe('job lanes', () => {
  it(`writes a password reset mail within 2 s while ${DELIVERIES} webhook deliveries hang`, async () => {
    const admin = await createUser(app, { role: 'admin' });
    const made = await app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: bearer(admin.token),
      payload: { url: endpointUrl, events: ['order.paid'], description: 'Hangs' },
    });
    expect(made.statusCode, made.body).toBe(201);
    endpointId = made.json<WebhookEndpoint>()._id;
    for (let i = 0; i < DELIVERIES; i++) {
      await emitWebhookEvent(repos, 'order.paid', { orderId: `order-${i}` });
    }
    // The deliveries are under way: the endpoint holds the first of them.
    await vi.waitFor(() => expect(hanging.length).toBeGreaterThan(0), { timeout: 5_000 });

    const { user } = await createUser(app, { email: 'locked-out@example.com' });
    const asked = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.email },
    });
    expect(res.statusCode).toBe(202);
    const mail = await vi.waitFor(
      () => {
        const found = mailTo(user.email);
        if (!found) throw new Error('no reset mail yet');
        return found;
      },
      { timeout: RESET_DEADLINE_MS, interval: 10 },
    );
    const tookMs = performance.now() - asked;
    expect(mail).toContain('reset-password?token=');
    expect(tookMs).toBeLessThan(RESET_DEADLINE_MS);
    console.info(`password reset mail written ${Math.round(tookMs)} ms after it was asked`);

    // The bulk lane takes as many deliveries as its concurrency, no more; the rest wait their turn.
    await vi.waitFor(() => expect(hanging.length).toBe(config.jobLanes.bulk), { timeout: 10_000 });
    const waiting = await repos.jobs.listByKind(WEBHOOK_JOB);
    expect(waiting.filter((j) => j.status === 'running')).toHaveLength(config.jobLanes.bulk);
    expect(waiting.filter((j) => j.status === 'pending')).toHaveLength(
      DELIVERIES - config.jobLanes.bulk,
    );
  });

  it('shuts down without waiting out the hanging deliveries, and puts them back', async () => {
    const started = performance.now();
    await app.close();
    const tookMs = performance.now() - started;
    console.info(
      `closed in ${Math.round(tookMs)} ms with ${config.jobLanes.bulk} deliveries in hand`,
    );
    // Each delivery's own deadline is 10 s; shutting down cuts them short instead.
    expect(tookMs).toBeLessThan(5_000);
    const after = await repos.jobs.listByKind(WEBHOOK_JOB);
    expect(after.filter((j) => j.status === 'running')).toEqual([]);
    expect(after.filter((j) => j.status === 'pending')).toHaveLength(DELIVERIES);
    // A delivery cut short by the shutdown is not one of the endpoint's failed attempts.
    const deliveries = await repos.webhooks.listDeliveries(endpointId, DELIVERIES * 2);
    expect(deliveries).toHaveLength(DELIVERIES);
    expect(deliveries.every((d) => d.attempts === 0 && d.status === 'pending')).toBe(true);
  });
});
