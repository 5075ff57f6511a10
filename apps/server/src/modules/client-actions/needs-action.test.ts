import { describe, expect, it } from 'vitest';
import type { ClientAction } from '@noise/shared/client-actions';
import { createTestApp } from '../../test/app.ts';
import { bearer, createTeammate, createUser } from '../../test/factories.ts';
import { multipart } from '../../test/multipart.ts';
import {
  coordinator,
  createQuote,
  createServiceToOrder,
  orderBody,
  pay,
} from '../../test/order-factories.ts';

/**
 * 'Needs your action' (docs/product.md#needs-your-action): what waits for a client company,
 * shown to the people whose role does it, and to nobody of another company.
 */
const { app } = await createTestApp();
const cora = await coordinator(app);
const owner = await createUser(app, { firstName: 'Olive', lastName: 'Owner' });
const member = await createTeammate(app, owner.user, 'member');
const billing = await createTeammate(app, owner.user, 'billing');
const stranger = await createUser(app, { firstName: 'Sam', lastName: 'Stranger' });
const service = await createServiceToOrder(app, {
  title: 'Logo design',
  packages: [{ title: 'Basic', type: 'one-time', baseCostCents: 50_000 }],
  extras: [],
});

const actionsOf = async (token: string) => {
  const res = await app.inject({ url: '/api/my/actions', headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: ClientAction[] }>().items;
};
const kinds = (items: ClientAction[]) => items.map((i) => `${i.kind}: ${i.title}`);

describe('needs your action', () => {
  it('is refused without a sign-in', async () => {
    expect((await app.inject({ url: '/api/my/actions' })).statusCode).toBe(401);
  });

  it('says nothing waits for a new company', async () => {
    expect(await actionsOf(owner.token)).toEqual([]);
  });

  it('lists the brief, the proposal and the deliverable for the roles that do them, and for nobody else', async () => {
    const paid = await pay(app, owner.token, orderBody(service, { coordinatorId: cora.user.id }));
    expect(paid.statusCode, paid.body).toBe(200);
    const { projectId } = paid.json<{ projectId: string }>();
    const quote = await createQuote(app, {
      name: 'Spring launch',
      customerId: owner.user.id,
      accepted: false,
      sent: true,
    });
    await createQuote(app, { name: 'Not sent yet', customerId: owner.user.id, accepted: false });

    const briefFirst = await actionsOf(owner.token);
    expect(kinds(briefFirst)).toEqual(['brief: Logo design', 'proposal: Spring launch']);
    expect(briefFirst[0]).toMatchObject({
      href: `/dashboard/projects/${projectId}#brief`,
      orderNumber: expect.any(Number),
    });
    expect(briefFirst[1]).toMatchObject({ href: `/custom-quote/${quote.id}`, orderNumber: null });
    expect(kinds(await actionsOf(member.token))).toEqual([
      'brief: Logo design',
      'proposal: Spring launch',
    ]);
    // A Billing person sends no brief; they may sign a proposal, as they may pay it.
    expect(kinds(await actionsOf(billing.token))).toEqual(['proposal: Spring launch']);
    // Another company sees none of it.
    expect(await actionsOf(stranger.token)).toEqual([]);

    const brief = await app.inject({
      method: 'POST',
      url: `/api/projects/${projectId}/brief`,
      headers: bearer(member.token),
      body: multipart({ text: 'Green and gold' }),
    });
    expect(brief.statusCode, brief.body).toBe(201);
    const delivered = await app.inject({
      method: 'POST',
      url: `/api/projects/${projectId}/messages`,
      headers: bearer(cora.token),
      body: multipart({ text: 'First logo', deliverable: 'Logo' }, [
        { field: 'attachments', fixture: 'sample.pdf', type: 'application/pdf' },
      ]),
    });
    expect(delivered.statusCode, delivered.body).toBe(201);
    await app.afterAnswer.drain();

    const now = await actionsOf(member.token);
    expect(kinds(now)).toEqual(['proposal: Spring launch', 'deliverable: Logo']);
    expect(now[1]!.href).toBe(`/dashboard/projects/${projectId}#deliverables`);
    expect(kinds(await actionsOf(billing.token))).toEqual(['proposal: Spring launch']);
    expect(await actionsOf(stranger.token)).toEqual([]);

    const deliverableId = delivered.json().deliverable._id as string;
    const approved = await app.inject({
      method: 'POST',
      url: `/api/projects/${projectId}/deliverables/${deliverableId}/approve`,
      headers: bearer(owner.token),
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(kinds(await actionsOf(owner.token))).toEqual(['proposal: Spring launch']);
  });

  it('is empty for staff, who belong to no client company', async () => {
    expect(await actionsOf(cora.token)).toEqual([]);
  });
});
