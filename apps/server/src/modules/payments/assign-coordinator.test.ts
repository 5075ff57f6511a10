import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ASSIGN_COORDINATOR } from '@noise/shared/payments';
import { notifications, projects, users } from '../../db/schema.ts';
import { createTestApp } from '../../test/app.ts';
import { bearer, createUser } from '../../test/factories.ts';
import {
  createQuote,
  createServiceToOrder,
  orderBody,
  pay,
  quoteBody,
} from '../../test/order-factories.ts';

/**
 * A first start that sells: the demo co-ordinators exist, and a first-time buyer who has no
 * co-ordinator leaves the choice to us.
 */
const { app } = await createTestApp({ seedDemo: true });
const webPublic = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../web/public',
);
const db = app.database.db;
const admin = await createUser(app, { role: 'admin' });
const fixture = await createServiceToOrder(app, { title: 'Assigned for me' });

const guestOrder = (email: string) =>
  app.inject({
    method: 'POST',
    url: '/api/payments/guest-checkout',
    payload: {
      ...orderBody(fixture, { coordinatorId: ASSIGN_COORDINATOR }),
      guest: { firstName: 'First', lastName: 'Buyer', email, phoneNumber: '0412 345 678' },
    },
  });
const coordinatorOf = async (projectId: string) =>
  (await db.select().from(projects).where(eq(projects.id, projectId)))[0]!.coordinatorId;
const coordinatorByName = async (firstName: string) =>
  (await db.select().from(users).where(eq(users.firstName, firstName)))[0]!;

describe('the demo co-ordinators', () => {
  it('are offered to buyers on a fresh install, and nobody can sign in as them', async () => {
    const list = await app.inject({ url: '/api/users/coordinators' });
    expect(list.json().map((c: { profile: { firstName: string } }) => c.profile.firstName)).toEqual(
      ['Liam', 'Mia'],
    );
    for (const email of ['mia.chen@example.com', 'liam.oconnor@example.com']) {
      const row = (await db.select().from(users).where(eq(users.email, email)))[0]!;
      expect(row).toMatchObject({ role: 'co-ordinator', passwordHash: null });
      expect(row.profilePhotoUrl).toMatch(/^\/demo\/team\/.+\.svg$/);
      expect(existsSync(path.join(webPublic, row.profilePhotoUrl))).toBe(true);
      for (const password of ['', 'password', 'correct horse battery']) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/auth/admin-login',
          payload: { email, password },
        });
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
        expect(res.json().token).toBeUndefined();
      }
    }
  });
});

describe("'Not sure – assign one for me'", () => {
  it('gives the order the co-ordinator with the fewest open projects, ties to the one assigned longest ago', async () => {
    const mia = await coordinatorByName('Mia');
    const liam = await coordinatorByName('Liam');
    // Neither has a project: the one never assigned, by id order, then the other.
    const first = await guestOrder('first.buyer@example.com');
    expect(first.json().payment.success).toBe(true);
    const firstId = first.json().payment.projectId as string;
    const firstCoordinator = await coordinatorOf(firstId);
    expect([mia.id, liam.id]).toContain(firstCoordinator);
    const other = firstCoordinator === mia.id ? liam.id : mia.id;

    const second = await guestOrder('second.buyer@example.com');
    expect(await coordinatorOf(second.json().payment.projectId)).toBe(other);

    // One project each: the tie goes to the one assigned longest ago (the first).
    const third = await guestOrder('third.buyer@example.com');
    expect(await coordinatorOf(third.json().payment.projectId)).toBe(firstCoordinator);

    // A completed project no longer counts as open work.
    await db.update(projects).set({ status: 'completed' }).where(eq(projects.id, firstId));
    await db
      .update(projects)
      .set({ status: 'completed' })
      .where(eq(projects.id, third.json().payment.projectId));
    const fourth = await guestOrder('fourth.buyer@example.com');
    expect(await coordinatorOf(fourth.json().payment.projectId)).toBe(firstCoordinator);
  });

  it('works for a signed-in customer and for a custom quote too', async () => {
    const customer = await createUser(app);
    const order = await pay(
      app,
      customer.token,
      orderBody(fixture, { coordinatorId: ASSIGN_COORDINATOR }),
    );
    expect(await coordinatorOf(order.json().projectId)).toEqual(expect.any(String));
    const quote = await createQuote(app);
    const paid = await pay(
      app,
      customer.token,
      quoteBody(quote, { coordinatorId: ASSIGN_COORDINATOR }),
    );
    expect(await coordinatorOf(paid.json().projectId)).toEqual(expect.any(String));
  });

  it('still refuses a made-up co-ordinator id', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/payments/guest-checkout',
      payload: {
        ...orderBody(fixture, { coordinatorId: 'no-such-person' }),
        guest: {
          firstName: 'A',
          lastName: 'B',
          email: 'made.up@example.com',
          phoneNumber: '0412 345 678',
        },
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please choose one of our coordinators');
  });

  it('with no co-ordinator at all: the order is taken, staff are told, and the overview lists it until one is set', async () => {
    await db.update(projects).set({ coordinatorId: null });
    await db.update(users).set({ role: 'client' }).where(eq(users.role, 'co-ordinator'));
    const res = await guestOrder('no.coordinator@example.com');
    expect(res.json().payment.success).toBe(true);
    const projectId = res.json().payment.projectId as string;
    expect(await coordinatorOf(projectId)).toBeNull();
    await app.afterAnswer.drain();
    const told = await db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, admin.user.id));
    const [placed] = await db.select().from(projects).where(eq(projects.id, projectId));
    expect(told.map((n) => n.title)).toContain(
      `New order: Assigned for me (Order ${placed!.orderNumber}, needs a co-ordinator)`,
    );

    const overview = await app.inject({ url: '/api/overview', headers: bearer(admin.token) });
    const waiting = overview.json().needsCoordinator as { id: string }[];
    expect(waiting.map((s) => s.id)).toContain(projectId);

    const cora = await createUser(app, { role: 'co-ordinator' });
    const set = await app.inject({
      method: 'PATCH',
      url: `/api/projects/${projectId}`,
      headers: bearer(admin.token),
      payload: { coordinatorId: cora.user.id },
    });
    expect(set.statusCode).toBe(200);
    const after = await app.inject({ url: '/api/overview', headers: bearer(admin.token) });
    expect((after.json().needsCoordinator as { id: string }[]).map((s) => s.id)).not.toContain(
      projectId,
    );
  });
});
