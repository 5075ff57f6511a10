import { describe, expect, it } from 'vitest';
import { billMoney, type Bill } from '@noise/shared/bills';
import { addLocalDays, localDate } from '@noise/shared/dates';
import { createTestApp } from '../../test/app.ts';
import { bearer, createUser } from '../../test/factories.ts';
import { coordinator, createServiceToOrder, orderBody, pay } from '../../test/order-factories.ts';
import { seeded } from '../../test/seeded.ts';

/**
 * The bills still owed are found by the totals the database keeps (docs/decisions/111): a
 * bill's total from its lines, and what its payments less their reversals come to. Random
 * bills, sent or not, paid, reversed, voided or paid in part from account credit: the owed ones
 * found must be exactly those whose own figures say something is due, and each kept total must
 * be `billMoney`'s.
 */
const { app, config } = await createTestApp();
const repos = app.checkoutDeps.repos;
const admin = await createUser(app, { role: 'admin' });
const cora = await coordinator(app);
const random = seeded(111);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const today = () => localDate(new Date(), config.businessTimeZone);

const act = (id: string, what: string, payload?: object) =>
  app.inject({
    method: 'POST',
    url: `/api/invoices/${id}/${what}`,
    headers: bearer(admin.token),
    ...(payload ? { payload } : {}),
  });
const billOf = async (id: string) =>
  (await app.inject({ url: `/api/invoices/${id}`, headers: bearer(admin.token) })).json<Bill>();

/** A client with a company (an order makes one), to hold account credit. */
async function client() {
  const fixture = await createServiceToOrder(app, { title: `Work ${random()}`, extras: [] });
  const customer = await createUser(app);
  const res = await pay(app, customer.token, orderBody(fixture, { coordinatorId: cora.user.id }));
  expect(res.statusCode, res.body).toBe(200);
  const project = await repos.projects.findById(res.json<{ projectId: string }>().projectId);
  return { customer, companyId: project!.companyId! };
}

describe('bills still owed', () => {
  it('are exactly those whose figures say something is due, whatever happened to them', async () => {
    const clients = [await client(), await client()];
    const made: string[] = [];
    for (let i = 0; i < 24; i += 1) {
      const who = pick(clients);
      const lines = Array.from({ length: 1 + Math.floor(random() * 3) }, () => ({
        description: 'Work',
        quantity: pick(['1', '2', '1.5', '0.25', '3']),
        unitPrice: pick(['33.33', '100', '0.04', '12.5', '999.99']),
        gst: random() < 0.7,
      }));
      const created = await app.inject({
        method: 'POST',
        url: '/api/invoices',
        headers: bearer(admin.token),
        payload: {
          customerId: who.customer.user.id,
          lines,
          dueDate: addLocalDays(today(), Math.floor(random() * 30)),
        },
      });
      // A quantity and price that come to a fraction of a cent are refused: another try.
      if (created.statusCode === 400) continue;
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json<Bill>()._id;
      made.push(id);
      const fate = random();
      if (fate < 0.15) continue; // a draft
      if (fate < 0.25) {
        // Sent with some credit to spend: paid in part (or whole) when sent.
        await app.inject({
          method: 'POST',
          url: `/api/companies/${who.companyId}/credit`,
          headers: bearer(admin.token),
          payload: { direction: 'add', amount: '20', reason: 'Test', idempotencyKey: `c-${i}` },
        });
      }
      expect((await act(id, 'send')).statusCode).toBe(200);
      if (fate < 0.35) continue; // sent, owed (or paid by the credit)
      if (fate < 0.45) {
        expect((await act(id, 'void')).statusCode).toBe(200);
        continue;
      }
      const mark = { method: 'bank_transfer', receivedOn: today(), reference: `R${i}` };
      const marked = await act(id, 'mark-paid', mark);
      if (marked.statusCode !== 200) continue; // paid whole by credit already
      if (fate < 0.7) {
        const payment = marked.json<Bill>().payments.at(-1)!;
        expect(
          (await act(id, `payments/${payment._id}/reverse`, { reason: 'Wrong invoice' }))
            .statusCode,
        ).toBe(200);
      }
    }
    expect(made.length).toBeGreaterThan(12);

    const found = new Set((await repos.bills.listOutstanding(1000)).map((row) => row.bill.id));
    for (const id of made) {
      const bill = await billOf(id);
      const owed = (bill.status === 'sent' || bill.status === 'overdue') && bill.dueCents > 0;
      expect(found.has(id), `${bill.number} ${bill.status} due ${bill.dueCents}`).toBe(owed);
      const row = (await repos.bills.find(id))!.bill;
      expect(row.totalCents).toBe(billMoney(row.lines).totalCents);
    }
    // Both kinds were made: some owed, some not.
    expect(found.size).toBeGreaterThan(0);
    expect(found.size).toBeLessThan(made.length);
  });
});
