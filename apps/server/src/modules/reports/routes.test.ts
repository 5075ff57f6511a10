import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments, projects } from '../../db/schema.ts';
import { csvCell } from '../../lib/csv.ts';
import { createTestApp } from '../../test/app.ts';
import { bearer, createUser } from '../../test/factories.ts';
import { coordinator, createServiceToOrder, orderBody, pay } from '../../test/order-factories.ts';

// 10:00 on Wednesday 18 November 2026 in Sydney (UTC+11).
const now = new Date('2026-11-17T23:00:00Z');
const { app } = await createTestApp({}, { now: () => now });
const admin = await createUser(app, { role: 'admin' });
const cora = await coordinator(app);
const client = await createUser(app);
const fixture = await createServiceToOrder(app, { title: 'Email Marketing', extras: [] });

const paid = await pay(
  app,
  client.token,
  orderBody(fixture, { coordinatorId: cora.user.id, companyName: '=HYPERLINK("x")' }),
);
const projectId = paid.json().projectId as string;
const db = app.database.db;
// The order was paid at 23:30 on 16 November, Sydney time (12:30 UTC).
await db
  .update(payments)
  .set({ createdAt: new Date('2026-11-16T12:30:00Z') })
  .where(eq(payments.projectId, projectId));
await db
  .update(projects)
  .set({ createdAt: new Date('2026-11-16T12:30:00Z') })
  .where(eq(projects.id, projectId));
const [first] = await db.select().from(payments).where(eq(payments.projectId, projectId));

describe('reports', () => {
  it('buckets revenue by local day in the business time zone', async () => {
    const res = await app.inject({
      url: '/api/reports/revenue?granularity=day&from=2026-11-15&to=2026-11-18',
      headers: bearer(admin.token),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.timeZone).toBe('Australia/Sydney');
    expect(body.series.map((p: { period: string }) => p.period)).toEqual([
      '2026-11-15',
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
    ]);
    const day16 = body.series[1];
    expect(day16).toMatchObject({
      salesCents: first!.amountCents,
      gstCents: first!.gstCents,
      orders: 1,
    });
    expect(body.series[0].salesCents).toBe(0);
    expect(body.byService).toEqual([
      { service: 'Email Marketing', salesCents: first!.amountCents, orders: 1 },
    ]);
  });

  it('groups weeks from Monday and months, and refuses an absurd range', async () => {
    const weeks = await app.inject({
      url: '/api/reports/revenue?granularity=week&from=2026-11-01&to=2026-11-18',
      headers: bearer(admin.token),
    });
    expect(weeks.json().series.map((p: { period: string }) => p.period)).toEqual([
      '2026-10-26',
      '2026-11-02',
      '2026-11-09',
      '2026-11-16',
    ]);
    const months = await app.inject({
      url: '/api/reports/revenue?granularity=month',
      headers: bearer(admin.token),
    });
    expect(months.json().series.at(-1).period).toBe('2026-11-01');
    const long = await app.inject({
      url: '/api/reports/revenue?granularity=day&from=2000-01-01&to=2026-01-01',
      headers: bearer(admin.token),
    });
    expect(long.statusCode).toBe(400);
    const backwards = await app.inject({
      url: '/api/reports/revenue?from=2026-02-01&to=2026-01-01',
      headers: bearer(admin.token),
    });
    expect(backwards.statusCode).toBe(400);
  });

  it('sums GST by quarter, newest first', async () => {
    const res = await app.inject({ url: '/api/reports/gst', headers: bearer(admin.token) });
    const [current, previous] = res.json().quarters;
    expect(current).toMatchObject({
      label: 'Oct–Dec 2026',
      from: '2026-10-01',
      gstCents: first!.gstCents,
    });
    expect(previous).toMatchObject({ label: 'Jul–Sep 2026', gstCents: 0 });
    expect(res.json().quarters).toHaveLength(8);
  });

  it('exports the filtered sales as CSV that spreadsheets will not execute', async () => {
    const res = await app.inject({
      url: '/api/reports/sales.csv?dateRange=last7days',
      headers: bearer(admin.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe('attachment; filename="sales-2026-11-18.csv"');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^Order number,Date,Type,Company/);
    expect(lines[0]).toContain(
      'Total (exc. GST),Paid at order (inc. GST),Recurring (inc. GST),Charged (inc. GST),Refunded (inc. GST),Kept (inc. GST),GST kept,Currency',
    );
    expect(lines[0]).toContain('Status,Assigned to,Due date,');
    expect(lines[1]).toContain(',In Progress,Cora Ordinator,');
    expect(lines).toHaveLength(2);
    // The business's wall clock (Sydney, UTC+11 in November): 12:30 UTC is 11:30 pm there.
    expect(lines[1]).toMatch(/^1001,2026-11-16 23:30,Project,/);
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
    const search = async (term: string) =>
      (
        await app.inject({
          url: `/api/reports/sales.csv?search=${encodeURIComponent(term)}`,
          headers: bearer(admin.token),
        })
      ).body
        .trim()
        .split('\r\n');
    expect((await search('#1001')).slice(1)).toEqual([lines[1]]);
    expect(await search('1002')).toHaveLength(1);
    const range = (from: string, to: string) =>
      app.inject({
        url: `/api/reports/sales.csv?from=${from}&to=${to}`,
        headers: bearer(admin.token),
      });
    // The sale was at 23:30 on 16 November, Sydney time: that local day, not the next.
    expect((await range('2026-11-16', '2026-11-16')).body.trim().split('\r\n')).toHaveLength(2);
    expect((await range('2026-11-17', '2026-11-18')).body.trim().split('\r\n')).toHaveLength(1);
    const none = await app.inject({
      url: '/api/reports/sales.csv?dateRange=today',
      headers: bearer(admin.token),
    });
    expect(none.body.trim().split('\r\n')).toHaveLength(1);
  });

  it('is for admins: co-ordinators and clients are refused', async () => {
    expect(
      (await app.inject({ url: '/api/reports/gst', headers: bearer(cora.token) })).statusCode,
    ).toBe(403);
    expect(
      (await app.inject({ url: '/api/reports/sales.csv', headers: bearer(client.token) }))
        .statusCode,
    ).toBe(403);
  });

  it('csvCell quotes and defuses', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('-1+1')).toBe("'-1+1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell(null)).toBe('');
  });
});
