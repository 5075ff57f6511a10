import { eq, sql } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { localDate } from '@noise/shared/dates';
import { projects } from '../../db/schema.ts';
import { createTestApp } from '../../test/app.ts';
import { bearer, createUser } from '../../test/factories.ts';
import { sendForm } from '../../test/catalogue-admin-helpers.ts';
import { multipart } from '../../test/multipart.ts';
import { coordinator, createServiceToOrder, orderBody, pay } from '../../test/order-factories.ts';

const { app, config } = await createTestApp();
const cora = await coordinator(app);
const admin = await createUser(app, { role: 'admin' });
const alice = await createUser(app, { firstName: 'Alice', lastName: 'Owner' });
const bob = await createUser(app, { firstName: 'Bob', lastName: 'Other' });
const fixture = await createServiceToOrder(app, {
  title: 'Podcast Production',
  packages: [{ title: 'Pilot', baseCostCents: 120_000, features: ['Recording', 'Editing'] }],
  extras: [
    { title: 'Show notes', priceCents: 15_000 },
    { title: 'Cover art', priceCents: 25_000 },
  ],
});

async function order(token: string) {
  const res = await pay(
    app,
    token,
    orderBody(fixture, { coordinatorId: cora.user.id, extras: [0, 1] }),
  );
  expect(res.statusCode).toBe(200);
  return res.json().projectId as string;
}

const aliceProject = await order(alice.token);
const bobProject = await order(bob.token);

const get = (url: string, token: string) => app.inject({ url, headers: bearer(token) });

describe('projects for their owner', () => {
  it('lists the caller’s own projects in the shape of docs/product.md#data-shapes', async () => {
    const res = await get(`/api/projects?userId=${alice.user.id}`, alice.token);
    expect(res.statusCode).toBe(200);
    const [project] = res.json();
    expect(res.json()).toHaveLength(1);
    expect(project).toMatchObject({
      _id: aliceProject,
      orderNumber: 1001,
      type: 'Project',
      status: 'active',
      service: { title: 'Podcast Production' },
      package: { title: 'Pilot', features: 'Recording, Editing' },
      totalPrice: 1600,
      coordinator: cora.user.id,
      coordinatorName: 'Cora Ordinator',
      briefSubmitted: false,
      statusUpdates: [],
    });
    expect(project.extras.map((e: { title: string }) => e.title)).toEqual([
      'Show notes',
      'Cover art',
    ]);
    expect(project.paymentDetails[0]).toMatchObject({ paymentType: 'sandbox', amount: 176000 });
  });

  it('numbers orders from one sequence: the next order gets the next number', async () => {
    const alices = (await get(`/api/projects/${aliceProject}`, alice.token)).json();
    const bobs = (await get(`/api/projects/${bobProject}`, bob.token)).json();
    expect([alices.orderNumber, bobs.orderNumber]).toEqual([1001, 1002]);
  });

  it('refuses another client’s list and project with 404; staff may see them', async () => {
    expect((await get(`/api/projects?userId=${bob.user.id}`, alice.token)).statusCode).toBe(404);
    expect((await get(`/api/projects/${bobProject}`, alice.token)).statusCode).toBe(404);
    expect((await get(`/api/projects/${bobProject}/brief`, alice.token)).statusCode).toBe(404);
    expect((await get(`/api/projects/${bobProject}`, cora.token)).statusCode).toBe(200);
    expect((await get(`/api/projects?userId=${bob.user.id}`, admin.token)).json()).toHaveLength(1);
    expect((await get(`/api/projects/${aliceProject}`, 'not-a-token')).statusCode).toBe(401);
  });
});

describe('status updates', () => {
  it('appends an update, sets the dates its title carries, notifies the customer and logs it', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: `/api/users/projects/${aliceProject}/status`,
      headers: bearer(cora.token),
      payload: {
        statusUpdate: {
          title: 'Expected Delivery Date',
          date: '2026-12-24',
          description: 'Before Christmas',
        },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().expectedDeliveryDate).toBe('2026-12-24T00:00:00.000Z');
    expect(res.json().statusUpdates).toHaveLength(1);

    const done = await app.inject({
      method: 'PUT',
      url: `/api/projects/${aliceProject}/status`,
      headers: bearer(cora.token),
      payload: {
        statusUpdate: { title: 'Project Completed', date: '2026-12-20', description: 'All done' },
      },
    });
    expect(done.json()).toMatchObject({
      status: 'completed',
      deliveryDate: '2026-12-20T00:00:00.000Z',
    });
    expect(done.json().statusUpdates.map((u: { title: string }) => u.title)).toEqual([
      'Expected Delivery Date',
      'Project Completed',
    ]);

    const bell = await get('/api/notifications', alice.token);
    expect(bell.json().items[0].title).toBe('Project Completed: Podcast Production (Order 1001)');
    const audit = await get(`/api/users/clients/${alice.user.id}/audit`, cora.token);
    expect(audit.json()[0]).toMatchObject({
      actorName: 'Cora Ordinator',
      action: 'project.status_update',
    });
  });

  it('refuses an unknown title, a bad date, a client, and an unknown project', async () => {
    const put = (token: string, id: string, statusUpdate: object) =>
      app.inject({
        method: 'PUT',
        url: `/api/projects/${id}/status`,
        headers: bearer(token),
        payload: { statusUpdate },
      });
    expect(
      (await put(cora.token, aliceProject, { title: 'Party', date: '2026-01-01' })).statusCode,
    ).toBe(400);
    expect(
      (await put(cora.token, aliceProject, { title: 'Project Started', date: 'soon' })).statusCode,
    ).toBe(400);
    expect(
      (await put(alice.token, aliceProject, { title: 'Project Started', date: '2026-01-01' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await put(cora.token, 'nope', { title: 'Project Started', date: '2026-01-01' })).statusCode,
    ).toBe(404);
  });

  it('keeps every update when many are posted at once', async () => {
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        app.inject({
          method: 'PUT',
          url: `/api/projects/${bobProject}/status`,
          headers: bearer(cora.token),
          payload: {
            statusUpdate: {
              title: 'Project In Progress',
              date: '2026-11-01',
              description: `step ${i}`,
            },
          },
        }),
      ),
    );
    const res = await get(`/api/projects/${bobProject}`, bob.token);
    expect(res.json().statusUpdates).toHaveLength(10);
  });

  it('staff change the status itself with PATCH', async () => {
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/projects/${bobProject}`,
      headers: bearer(cora.token),
      payload: { status: 'on-hold' },
    });
    expect(res.json().status).toBe('on-hold');
  });

  it('tells the modules that subscribe when a status moves, by a status update or by PATCH', async () => {
    const heard: object[] = [];
    const stop = app.appContext.projectEvents.on('status-changed', async (event) => {
      heard.push(event);
    });
    try {
      const staff = { headers: bearer(cora.token) };
      const patch = (status: string) =>
        app.inject({
          ...staff,
          method: 'PATCH',
          url: `/api/projects/${bobProject}`,
          payload: { status },
        });
      const update = (title: string) =>
        app.inject({
          ...staff,
          method: 'PUT',
          url: `/api/projects/${bobProject}/status`,
          payload: { statusUpdate: { title, date: '2026-12-20' } },
        });
      expect((await patch('on-hold')).statusCode).toBe(200); // no move: already on hold
      expect((await update('Project Started')).statusCode).toBe(200); // resumes it
      expect((await update('Project In Progress')).statusCode).toBe(200); // no move
      expect((await patch('on-hold')).statusCode).toBe(200);
      expect(heard).toEqual([
        { projectId: bobProject, from: 'on-hold', to: 'active' },
        { projectId: bobProject, from: 'active', to: 'on-hold' },
      ]);
    } finally {
      stop();
    }
  });

  it('refuses an edit that names nothing, and dates that do not exist, changing nothing', async () => {
    const row = () =>
      app.database.db
        .select()
        .from(projects)
        .where(sql`${projects.id} = ${bobProject}`);
    const before = await row();
    const patch = (payload: object) =>
      app.inject({
        method: 'PATCH',
        url: `/api/projects/${bobProject}`,
        headers: bearer(cora.token),
        payload,
      });
    const empty = await patch({});
    expect(empty.statusCode, empty.body).toBe(400);
    expect(empty.json()).toMatchObject({ error: 'bad_request', message: 'Nothing to update' });
    for (const date of ['2024-13-45', '2024-02-30', '2023-02-29T10:00:00Z']) {
      for (const field of ['expectedDeliveryDate', 'deliveryDate']) {
        const res = await patch({ [field]: date });
        expect(res.statusCode, `${field}=${date}: ${res.body}`).toBe(400);
        expect(res.json().message).toMatch(/real date/);
      }
    }
    for (const url of [
      '/api/projects-all?from=2024-13-45',
      '/api/projects-all?to=2024-02-30',
      '/api/reports/sales.csv?from=2024-02-30',
      '/api/reports/sales.csv?to=2024-13-45',
      '/api/reports/revenue?from=2023-02-29',
    ]) {
      const res = await get(url, admin.token);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(res.json().message, url).toMatch(/real date/);
    }
    expect(await row()).toEqual(before);
  });
});

describe('the brief', () => {
  it('the owner sends text and a file; the owner and staff read it; others get 404', async () => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/projects/${aliceProject}/brief`,
      headers: bearer(alice.token),
      body: multipart({ text: 'Our audience is small-business owners.' }, [
        { field: 'attachments', fixture: 'document.pdf', filename: 'brand guide.pdf' },
      ]),
    });
    expect(res.statusCode).toBe(201);
    const entry = res.json();
    expect(entry.attachments[0]).toMatchObject({
      name: 'brand guide.pdf',
      contentType: 'application/pdf',
    });
    const file = await get(entry.attachments[0].url, alice.token);
    expect(file.statusCode).toBe(200);
    expect(file.body.startsWith('%PDF-')).toBe(true);
    expect(file.headers['content-disposition']).toContain('attachment');
    expect((await get(entry.attachments[0].url, bob.token)).statusCode).toBe(404);
    expect((await get(entry.attachments[0].url, cora.token)).statusCode).toBe(200);
    expect((await get(`/api/projects/${aliceProject}`, alice.token)).json().briefSubmitted).toBe(
      true,
    );
    // The file is private: never served from /uploads.
    const stored = await app.inject({ url: `/uploads/${entry.attachments[0].url}` });
    expect(stored.statusCode).toBe(404);
  });

  it('takes a Word document and a zip with the brief, by their bytes', async () => {
    const docx = Buffer.from(
      zipSync({
        '[Content_Types].xml': strToU8('<?xml version="1.0"?><Types/>'),
        'word/document.xml': strToU8('<?xml version="1.0"?><document/>'),
      }),
    );
    const zip = Buffer.from(zipSync({ 'photos/shop.txt': strToU8('our shop') }));
    const body = new FormData();
    body.append('text', 'The brand book and our photos.');
    body.append('attachments', new Blob([docx]), 'Brand book.docx');
    body.append('attachments', new Blob([zip]), 'Photos.zip');
    const res = await sendForm(
      app,
      alice.token,
      'POST',
      `/api/projects/${aliceProject}/brief`,
      body,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().attachments).toMatchObject([
      {
        name: 'Brand book.docx',
        contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      },
      { name: 'Photos.zip', contentType: 'application/zip' },
    ]);
  });

  it('refuses an empty brief, a disguised file and another client', async () => {
    const send = (
      token: string,
      fields: Record<string, string>,
      files: Parameters<typeof multipart>[1] = [],
    ) =>
      app.inject({
        method: 'POST',
        url: `/api/projects/${aliceProject}/brief`,
        headers: bearer(token),
        body: multipart(fields, files),
      });
    expect((await send(alice.token, { text: '  ' })).statusCode).toBe(400);
    expect(
      (
        await send(alice.token, { text: 'x' }, [
          { field: 'attachments', fixture: 'disguised-html.png' },
        ])
      ).statusCode,
    ).toBe(400);
    expect((await send(bob.token, { text: 'sneaky' })).statusCode).toBe(404);
  });
});

describe('sales list', () => {
  it('finds a sale by its order number, with or without #, and by customer', async () => {
    const search = async (term: string) => {
      const res = await get(`/api/projects-all?search=${encodeURIComponent(term)}`, cora.token);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().items.map((p: { _id: string; orderNumber: number }) => p);
    };
    expect(await search('1001')).toEqual([
      expect.objectContaining({ _id: aliceProject, orderNumber: 1001 }),
    ]);
    expect((await search('#1002')).map((p: { _id: string }) => p._id)).toEqual([bobProject]);
    expect((await search(' # 1002 ')).map((p: { _id: string }) => p._id)).toEqual([bobProject]);
    expect(await search('1003')).toEqual([]);
    expect(await search('99999999999')).toEqual([]);
    expect((await search('OWNER')).map((p: { _id: string }) => p._id)).toEqual([aliceProject]);
    expect((await search(bob.user.email)).map((p: { _id: string }) => p._id)).toEqual([bobProject]);
    expect(await search('%')).toEqual([]);
  });

  it('lets no customer look up another customer’s order by its number', async () => {
    const refused = await get('/api/projects-all?search=1002', alice.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain(bobProject);
    const own = await get('/api/projects?search=1002', alice.token);
    expect(own.statusCode).toBe(200);
    expect(own.json().map((p: { _id: string }) => p._id)).toEqual([aliceProject]);
    const csv = await get('/api/reports/sales.csv?search=1002', alice.token);
    expect(csv.statusCode).toBe(403);
  });

  it('pages through many sales with no row missed or repeated, newest first', async () => {
    const db = app.database.db;
    const [template] = await db.select().from(projects).limit(1);
    const { id: _id, orderNumber: _number, ...rest } = template!;
    // 2,000 sales, many sharing the same created_at down to the millisecond.
    for (let batch = 0; batch < 4; batch++) {
      await db.insert(projects).values(
        Array.from({ length: 500 }, (_, j) => {
          const i = batch * 500 + j;
          return {
            ...rest,
            // Whichever sale is the template, the copies are plain open ones.
            status: 'active',
            heldSince: null,
            contactCompanyName: i % 3 === 0 ? 'Acme Pty Ltd' : 'Other Co',
            createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, Math.floor(i / 7))),
          };
        }),
      );
    }
    await db.execute(
      sql`update projects set created_at = created_at + (random() * interval '900 microseconds') where created_at < '2026-02-01'`,
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/projects-all?limit=97${cursor ? `&cursor=${cursor}` : ''}`;
      const page = (await get(url, admin.token)).json();
      seen.push(...page.items.map((p: { _id: string }) => p._id));
      cursor = page.nextCursor;
    } while (cursor);
    const total = (await db.select({ n: sql<number>`count(*)::int` }).from(projects))[0]!.n;
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
  });

  it('filters by company (any case), status, team member and date range', async () => {
    const acme = (
      await get('/api/projects-all?company=ACME%20PTY%20LTD&limit=100', admin.token)
    ).json();
    expect(acme.items.length).toBeGreaterThan(0);
    expect(
      acme.items.every(
        (p: { contact: { companyName: string } }) => p.contact.companyName === 'Acme Pty Ltd',
      ),
    ).toBe(true);
    const onHold = (await get('/api/projects-all?status=on-hold', admin.token)).json();
    expect(onHold.items.map((p: { _id: string }) => p._id)).toEqual([bobProject]);
    const today = (await get('/api/projects-all?dateRange=today&limit=100', admin.token)).json();
    expect(today.items.map((p: { _id: string }) => p._id).sort()).toEqual(
      [aliceProject, bobProject].sort(),
    );
    const mine = (
      await get(`/api/projects-all?teamMember=${cora.user.id}&dateRange=last7days`, admin.token)
    ).json();
    expect(mine.items).toHaveLength(2);
    expect((await get('/api/projects-all?cursor=garbage', admin.token)).statusCode).toBe(400);
    expect((await get('/api/projects-all', alice.token)).statusCode).toBe(403);
    const filters = (await get('/api/sales/filters', cora.token)).json();
    expect(filters.companies).toContain('Acme Pty Ltd');
    expect(filters.teamMembers.map((m: { name: string }) => m.name)).toContain('Cora Ordinator');
  });

  it('filters by yesterday and by dates from and to, in the business time zone', async () => {
    const older = await order(bob.token);
    const dayAgo = new Date(Date.now() - 86_400_000);
    await app.database.db.update(projects).set({ createdAt: dayAgo }).where(eq(projects.id, older));
    const ids = async (query: string) =>
      (await get(`/api/projects-all?${query}&limit=100`, admin.token))
        .json()
        .items.map((p: { _id: string }) => p._id) as string[];
    const yesterday = await ids('dateRange=yesterday');
    expect(yesterday).toContain(older);
    expect(yesterday).not.toContain(aliceProject);
    const day = localDate(dayAgo, config.businessTimeZone);
    const between = await ids(`from=${day}&to=${day}`);
    expect(between).toContain(older);
    expect(between).not.toContain(aliceProject);
    expect(await ids(`from=${day}`)).toEqual(expect.arrayContaining([older, aliceProject]));
    expect(await ids(`to=${day}&status=active`)).not.toContain(aliceProject);
    // The same shape with other values: the statement prepared for it answers them.
    expect(await ids(`status=on-hold&dateRange=last30days`)).toEqual([bobProject]);
    expect(await ids(`status=active&dateRange=last30days`)).not.toContain(bobProject);
  });
});
