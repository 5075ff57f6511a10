import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { addWorkingDays } from '@noise/shared/due-dates';
import type { BillingOverview } from '@noise/shared/billing';
import type { LibraryListing } from '@noise/shared/files';
import { questionSignature, type IntakeQuestion } from '@noise/shared/intake';
import type { BriefEntry } from '@noise/shared/project';
import type { RequestItem, RequestPlan, RequestUsage } from '@noise/shared/requests';
import { createTestApp, testRepositories } from '../../test/app.ts';
import { bearer, createTeammate, createUser } from '../../test/factories.ts';
import { multipart } from '../../test/multipart.ts';
import { storedFiles } from '../../test/catalogue-admin-helpers.ts';
import { coordinator, createServiceToOrder, orderBody, pay } from '../../test/order-factories.ts';

/**
 * Request plans (docs/product.md#request-plans): a client's Owner or Member submits requests
 * under a plan; past its active limit they queue; approving a deliverable starts the next one.
 */
const { app, config } = await createTestApp();
const repos = testRepositories(app);
const cora = await coordinator(app);
const otherCora = await createUser(app, { role: 'co-ordinator' });
const admin = await createUser(app, { role: 'admin' });
const owner = await createUser(app, { firstName: 'Olive', lastName: 'Owner' });
const member = await createTeammate(app, owner.user, 'member');
const billing = await createTeammate(app, owner.user, 'billing');
const stranger = await createUser(app);

// The package is a request plan: one active request at a time (docs/decisions/091).
const service = await createServiceToOrder(app, {
  title: 'Unlimited Design Requests',
  packages: [
    {
      title: 'Unlimited',
      type: 'monthly',
      baseCostCents: 0,
      recurringCostCents: 249_500,
      activeRequestLimit: 1,
    },
  ],
  extras: [],
});

/** The subjects of every mail sent to `to` so far, after running the due jobs. */
async function subjectsTo(to: string) {
  await app.jobRunner.runDueJobs();
  await app.jobRunner.runDueJobs();
  const dir = path.join(config.dataDir, 'outbox');
  const mails = await Promise.all(
    (existsSync(dir) ? readdirSync(dir) : [])
      .filter((file) => file.endsWith('.eml'))
      .map((file) => simpleParser(readFileSync(path.join(dir, file)))),
  );
  return mails
    .filter((mail) => [mail.to ?? []].flat().some((a) => a.value.some((v) => v.address === to)))
    .map((mail) => mail.subject ?? '');
}

async function buyPlan(token: string) {
  const res = await pay(app, token, orderBody(service, { coordinatorId: cora.user.id }));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ projectId: string }>().projectId;
}
/** A new request as the form sends it: multipart, with the questions' signatures. */
const submitForm = (
  token: string,
  planId: string,
  fields: Record<string, string>,
  files: Parameters<typeof multipart>[1] = [],
) =>
  app.inject({
    method: 'POST',
    url: `/api/my/request-plans/${planId}/requests`,
    headers: bearer(token),
    payload: multipart(fields, files),
  });
const submit = (token: string, planId: string, title: string) =>
  submitForm(token, planId, { title, answers: '{}', asked: '[]' });
const plansOf = async (token: string) => {
  const res = await app.inject({ url: '/api/my/request-plans', headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ plans: RequestPlan[] }>().plans;
};
const boardOf = async (token: string) => {
  const res = await app.inject({ url: '/api/requests', headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ requests: RequestItem[] }>().requests;
};

const planId = await buyPlan(owner.token);

describe('request plans', () => {
  it('copies the plan onto the order and lists it for the company', async () => {
    const [plan] = await plansOf(member.token);
    expect(plan).toMatchObject({ id: planId, activeRequestLimit: 1, open: true, active: 0 });
    expect(await plansOf(stranger.token)).toEqual([]);
  });

  it('starts the first request, queues the next with its place, and refuses bad input', async () => {
    const bad = await submit(owner.token, planId, '  ');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message ?? bad.body).toMatch(/Title/);

    const first = await submit(owner.token, planId, 'Autumn menu');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json<RequestItem>()).toMatchObject({ state: 'in-progress', queuePlace: null });
    const second = await submit(member.token, planId, 'Flyer');
    expect(second.json<RequestItem>()).toMatchObject({ state: 'queued', queuePlace: 1 });
    const third = await submit(owner.token, planId, 'Poster');
    expect(third.json<RequestItem>()).toMatchObject({ state: 'queued', queuePlace: 2 });

    // The client reorders and cancels their queue.
    const up = await app.inject({
      method: 'POST',
      url: `/api/my/requests/${third.json<RequestItem>().id}/move`,
      headers: bearer(owner.token),
      payload: { direction: 'up' },
    });
    expect(up.json<RequestItem>().queuePlace).toBe(1);
    const cancel = await app.inject({
      method: 'POST',
      url: `/api/my/requests/${third.json<RequestItem>().id}/cancel`,
      headers: bearer(owner.token),
    });
    expect(cancel.json<RequestItem>().state).toBe('cancelled');
    const [plan] = await plansOf(owner.token);
    expect(plan!.requests.map((r) => [r.title, r.state, r.queuePlace])).toEqual(
      [
        ['Flyer', 'queued', 1],
        ['Autumn menu', 'in-progress', null],
      ].sort((a, b) => (a[2] === null ? 1 : b[2] === null ? -1 : 0)),
    );
    // An active request cannot be cancelled by the client.
    const active = await app.inject({
      method: 'POST',
      url: `/api/my/requests/${first.json<RequestItem>().id}/cancel`,
      headers: bearer(owner.token),
    });
    expect(active.statusCode).toBe(409);
  });

  it('keeps billing people and other companies out', async () => {
    expect((await submit(billing.token, planId, 'Nope')).statusCode).toBe(403);
    expect((await submit(stranger.token, planId, 'Nope')).statusCode).toBe(404);
    const [plan] = await plansOf(owner.token);
    const queued = plan!.requests.find((r) => r.state === 'queued')!;
    const res = await app.inject({
      method: 'POST',
      url: `/api/my/requests/${queued.id}/cancel`,
      headers: bearer(stranger.token),
    });
    expect(res.statusCode).toBe(404);
    const moved = await app.inject({
      method: 'POST',
      url: `/api/my/requests/${queued.id}/move`,
      headers: bearer(stranger.token),
      payload: { direction: 'up' },
    });
    expect(moved.statusCode).toBe(404);
    expect(
      (await app.inject({ url: '/api/requests', headers: bearer(owner.token) })).statusCode,
    ).toBe(403);
  });

  it('starts the next queued request when a deliverable is approved, and tells the client', async () => {
    const [plan] = await plansOf(owner.token);
    const active = plan!.requests.find((r) => r.state === 'in-progress')!;
    const queued = plan!.requests.find((r) => r.state === 'queued')!;
    const form = new FormData();
    form.append('text', 'Here it is.');
    form.append('deliverable', 'Menu');
    form.append(
      'attachments',
      new Blob(['%PDF-1.4\n%%EOF\n'], { type: 'application/pdf' }),
      'menu.pdf',
    );
    const sent = await app.inject({
      method: 'POST',
      url: `/api/projects/${active.id}/messages`,
      headers: { ...bearer(cora.token) },
      payload: form,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const deliverableId = sent.json().deliverable._id as string;
    const approve = await app.inject({
      method: 'POST',
      url: `/api/projects/${active.id}/deliverables/${deliverableId}/approve`,
      headers: bearer(owner.token),
    });
    expect(approve.statusCode, approve.body).toBe(200);
    const [after] = await plansOf(owner.token);
    expect(after!.requests.find((r) => r.id === queued.id)).toMatchObject({ state: 'in-progress' });
    expect(after!.requests.find((r) => r.id === active.id)).toMatchObject({ state: 'done' });
    // The person who submitted it (a member here) is told.
    const subjects = await subjectsTo(member.user.email);
    expect(subjects, JSON.stringify(subjects)).toContainEqual(
      expect.stringContaining('We have started your request'),
    );
  });

  it('never lets two submissions at once both take the last active place', async () => {
    const fresh = await buyPlan(owner.token);
    const answers = await Promise.all([
      submit(owner.token, fresh, 'One'),
      submit(member.token, fresh, 'Two'),
      submit(owner.token, fresh, 'Three'),
    ]);
    const states = answers.map((a) => a.json<RequestItem>().state).sort();
    expect(states).toEqual(['in-progress', 'queued', 'queued']);
    const places = answers
      .map((a) => a.json<RequestItem>().queuePlace)
      .filter((p) => p !== null)
      .sort();
    expect(places).toEqual([1, 2]);
  });

  it('shows staff the board, a co-ordinator only their clients, and answers a stale move with the card', async () => {
    const all = await boardOf(admin.token);
    expect(all.length).toBeGreaterThan(0);
    expect(await boardOf(otherCora.token)).toEqual([]);
    const card = (await boardOf(cora.token)).find((r) => r.state === 'in-progress')!;
    const move = (version: number) =>
      app.inject({
        method: 'POST',
        url: `/api/requests/${card.id}/move`,
        headers: bearer(cora.token),
        payload: { state: 'in-review', version },
      });
    const first = await move(card.version);
    expect(first.json()).toMatchObject({ moved: true, request: { state: 'in-review' } });
    const stale = await move(card.version);
    expect(stale.statusCode).toBe(200);
    expect(stale.json()).toMatchObject({ moved: false, request: { state: 'in-review' } });
    const bad = await app.inject({
      method: 'POST',
      url: `/api/requests/${card.id}/move`,
      headers: bearer(cora.token),
      payload: { state: 'nowhere', version: 0 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/State must be/);
    const notHers = await app.inject({
      method: 'POST',
      url: `/api/requests/${card.id}/move`,
      headers: bearer(otherCora.token),
      payload: { state: 'done', version: card.version + 1 },
    });
    expect(notHers.statusCode).toBe(404);
  });

  it('gives a started request a due date and shows its assignee; reassigning moves it between co-ordinators', async () => {
    const fresh = await buyPlan(owner.token);
    const started = (await submit(owner.token, fresh, 'Banner')).json<RequestItem>();
    const waiting = (await submit(owner.token, fresh, 'Badge')).json<RequestItem>();
    const board = await boardOf(admin.token);
    const card = board.find((r) => r.id === started.id)!;
    expect(card).toMatchObject({
      planId: fresh,
      planTitle: 'Unlimited Design Requests',
      coordinatorId: cora.user.id,
      state: 'in-progress',
    });
    expect(card.coordinatorName).not.toBe('');
    expect(card.companyName).not.toBe('');
    expect(card.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(board.find((r) => r.id === waiting.id)).toMatchObject({
      state: 'queued',
      dueDate: null,
    });

    // Assignment and due dates are the project's own (PATCH /api/projects/{id}).
    const patch = (token: string, payload: Record<string, unknown>) =>
      app.inject({
        method: 'PATCH',
        url: `/api/projects/${started.id}`,
        headers: bearer(token),
        payload,
      });
    expect((await patch(cora.token, { coordinatorId: otherCora.user.id })).statusCode).toBe(403);
    const moved = await patch(admin.token, {
      coordinatorId: otherCora.user.id,
      expectedDeliveryDate: '2031-03-14',
      dueChangeReason: 'The client asked for March',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const hers = await boardOf(otherCora.token);
    expect(hers.map((r) => r.id)).toEqual([started.id]);
    expect(hers[0]).toMatchObject({ coordinatorId: otherCora.user.id, dueDate: '2031-03-14' });
    expect((await boardOf(cora.token)).map((r) => r.id)).not.toContain(started.id);

    // The queued one gets its due date when it starts.
    const move = await app.inject({
      method: 'POST',
      url: `/api/requests/${started.id}/move`,
      headers: bearer(otherCora.token),
      payload: { state: 'done', version: hers[0]!.version },
    });
    expect(move.json()).toMatchObject({ moved: true, request: { state: 'done' } });
    const next = (await boardOf(admin.token)).find((r) => r.id === waiting.id)!;
    expect(next.state).toBe('in-progress');
    expect(next.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    // Taken back from 'Done', the request's project is open again.
    const project = async () =>
      (
        await app.inject({ url: `/api/projects/${started.id}`, headers: bearer(admin.token) })
      ).json<{
        status: string;
        deliveryDate: string | null;
      }>();
    expect(await project()).toMatchObject({ status: 'completed' });
    const done = (await boardOf(admin.token)).find((r) => r.id === started.id)!;
    const back = await app.inject({
      method: 'POST',
      url: `/api/requests/${started.id}/move`,
      headers: bearer(admin.token),
      payload: { state: 'in-review', version: done.version },
    });
    expect(back.json()).toMatchObject({ moved: true, request: { state: 'in-review' } });
    expect(await project()).toMatchObject({ status: 'active', deliveryDate: null });
  });

  it('counts no request as a sale: the Sales list, its CSV, the overview and the reports leave them out', async () => {
    const overview = async () => {
      const res = await app.inject({ url: '/api/overview', headers: bearer(admin.token) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{
        salesData: { id: string }[];
        needsCoordinator: { id: string }[];
        revenue: { month: { totalOrders: number }; today: { totalOrders: number } };
      }>();
    };
    const report = async () => {
      const res = await app.inject({
        url: '/api/reports/revenue?granularity=day',
        headers: bearer(admin.token),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{
        series: { orders: number }[];
        byService: { service: string; orders: number }[];
      }>();
    };
    const orders = (r: Awaited<ReturnType<typeof report>>) =>
      r.series.reduce((sum, p) => sum + p.orders, 0);
    const fresh = await buyPlan(owner.token);
    const [beforeOverview, beforeReport] = [await overview(), await report()];
    const made = [
      (await submit(owner.token, fresh, 'Sales flyer')).json<RequestItem>(),
      (await submit(member.token, fresh, 'Sales poster')).json<RequestItem>(),
    ];
    const ids = made.map((r) => r.id);

    const after = await overview();
    expect(after.revenue.today.totalOrders).toBe(beforeOverview.revenue.today.totalOrders);
    expect(after.revenue.month.totalOrders).toBe(beforeOverview.revenue.month.totalOrders);
    expect(after.salesData.map((s) => s.id)).toContain(fresh);
    expect([...after.salesData, ...after.needsCoordinator].map((s) => s.id)).not.toEqual(
      expect.arrayContaining([ids[0]]),
    );
    const afterReport = await report();
    expect(orders(afterReport)).toBe(orders(beforeReport));
    expect(afterReport.byService.map((s) => s.service)).not.toContain('Sales flyer');

    const sales = await app.inject({
      url: '/api/projects-all?limit=100',
      headers: bearer(admin.token),
    });
    expect(sales.statusCode, sales.body).toBe(200);
    const listed = sales.json<{ items: { _id: string }[] }>().items.map((p) => p._id);
    expect(listed).toContain(fresh);
    for (const id of ids) expect(listed).not.toContain(id);
    const csv = await app.inject({ url: '/api/reports/sales.csv', headers: bearer(admin.token) });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).not.toContain('Sales flyer');
    expect(csv.body).not.toContain('Sales poster');

    // Still reachable as projects: the customer's and staff's lists label each under its plan.
    const theirs = await app.inject({
      url: `/api/users/clients/${owner.user.id}/projects`,
      headers: bearer(admin.token),
    });
    expect(theirs.statusCode, theirs.body).toBe(200);
    const flyer = theirs
      .json<{ _id: string; request: unknown }[]>()
      .find((p) => p._id === made[0]!.id);
    expect(flyer?.request).toMatchObject({
      planId: fresh,
      planTitle: 'Unlimited Design Requests',
      state: 'in-progress',
    });
    const own = await app.inject({
      url: `/api/projects/${made[1]!.id}`,
      headers: bearer(owner.token),
    });
    expect(own.json<{ request: unknown }>().request).toMatchObject({
      planId: fresh,
      state: 'queued',
    });
    const plan = await app.inject({ url: `/api/projects/${fresh}`, headers: bearer(owner.token) });
    expect(plan.json<{ request: unknown }>().request).toBeNull();
  });

  it('refuses a request on a cancelled plan, saying why', async () => {
    const cancel = await app.inject({
      method: 'POST',
      url: `/api/projects/${planId}/subscription/cancel`,
      headers: bearer(owner.token),
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const res = await submit(owner.token, planId, 'Too late');
    expect(res.statusCode).toBe(409);
    expect(res.body).toMatch(/cancelled, so it takes no new requests/);
    const plan = (await plansOf(owner.token)).find((p) => p.id === planId);
    expect(plan).toMatchObject({ open: false, activeRequestLimit: 1 });
    expect(plan!.refusal).toMatch(/cancelled/);
  });
});

describe('a request with answers and files, and when a queued one starts', () => {
  // A plan whose service asks every kind of question the brief takes, a file among them.
  const questions: IntakeQuestion[] = [
    {
      id: 'goal',
      kind: 'short-text',
      label: 'What is it for',
      help: '',
      required: true,
      options: [],
    },
    {
      id: 'where',
      kind: 'multiple-choice',
      label: 'Where it goes',
      help: '',
      required: false,
      options: ['Web', 'Print'],
    },
    { id: 'rush', kind: 'yes-no', label: 'Is it urgent', help: '', required: false, options: [] },
    { id: 'logo', kind: 'file', label: 'Your logo', help: '', required: true, options: [] },
  ];
  const asked = JSON.stringify(questions.map(questionSignature));
  const answers = JSON.stringify({ goal: 'Spring sale', where: ['Web'], rush: true });

  /** Staff set the service's questions on its form, as Services › edit saves them. */
  async function ask(intakeQuestions: IntakeQuestion[]) {
    const res = await app.inject({
      method: 'PUT',
      url: `/api/services/${service.service.id}`,
      headers: bearer(admin.token),
      payload: multipart({ intakeQuestions: JSON.stringify(intakeQuestions) }),
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  async function askingPlan(token: string) {
    const fresh = await buyPlan(token);
    await ask(questions);
    return fresh;
  }
  const forget = () => ask([]);

  it('takes every kind of answer, a file answer and attachments; the files are in the library under the request', async () => {
    const client = await createUser(app, { firstName: 'Fay', lastName: 'Files' });
    const fresh = await askingPlan(client.token);
    try {
      const [plan] = await plansOf(client.token);
      expect(plan!.intakeQuestions).toHaveLength(4);
      const res = await submitForm(
        client.token,
        fresh,
        { title: 'Sale banner', answers, asked, answerFileQuestions: '["logo"]' },
        [
          { field: 'answerFiles', fixture: 'image.png', filename: 'logo.png', type: 'image/png' },
          {
            field: 'attachments',
            fixture: 'sample.pdf',
            filename: 'notes.pdf',
            type: 'application/pdf',
          },
        ],
      );
      expect(res.statusCode, res.body).toBe(201);
      const request = res.json<RequestItem>();
      expect(request).toMatchObject({ title: 'Sale banner', state: 'in-progress' });

      const brief = await app.inject({
        url: `/api/projects/${request.id}/brief`,
        headers: bearer(client.token),
      });
      const [entry] = brief.json<BriefEntry[]>();
      expect(entry!.answers!.map((a) => [a.questionId, a.answer])).toEqual([
        ['goal', 'Spring sale'],
        ['where', ['Web']],
        ['rush', true],
        ['logo', ['logo.png']],
      ]);
      expect(entry!.attachments.map((f) => [f.name, f.questionId])).toEqual([
        ['notes.pdf', null],
        ['logo.png', 'logo'],
      ]);

      // The request is an order of the company: its folder of the library holds the files.
      const library = `/api/companies/${request.companyId}/files`;
      const top = await app.inject({ url: library, headers: bearer(client.token) });
      const folder = top.json<LibraryListing>().folders.find((f) => f.projectId === request.id);
      expect(folder, top.body).toBeDefined();
      const inside = await app.inject({
        url: `${library}?folder=${folder!._id}`,
        headers: bearer(client.token),
      });
      expect(
        inside
          .json<LibraryListing>()
          .files.map((f) => [f.name, f.source])
          .sort(),
      ).toEqual([
        ['logo.png', 'brief'],
        ['notes.pdf', 'brief'],
      ]);
    } finally {
      await forget();
    }
  });

  it('refuses a missing required answer, a refused file or one too large, changing nothing', async () => {
    const client = await createUser(app, { firstName: 'Ned', lastName: 'Nothing' });
    const fresh = await askingPlan(client.token);
    try {
      const files = storedFiles(config.dataDir);
      const unanswered = await submitForm(client.token, fresh, {
        title: 'No logo',
        answers,
        asked,
        answerFileQuestions: '[]',
      });
      expect(unanswered.statusCode).toBe(400);
      expect(unanswered.json()).toMatchObject({
        message: "Please answer 'Your logo'",
        details: [{ path: 'answers.logo', message: "Please answer 'Your logo'" }],
      });
      // An integration may leave out the signatures: the questions as they are now are asked.
      const bare = await submitForm(client.token, fresh, { title: 'Just a title' });
      expect(bare.statusCode).toBe(400);
      expect(bare.json().message).toBe("Please answer 'What is it for'");
      const blank = await submitForm(
        client.token,
        fresh,
        { title: 'No goal', answers: '{}', asked, answerFileQuestions: '["logo"]' },
        [{ field: 'answerFiles', fixture: 'image.png', filename: 'logo.png', type: 'image/png' }],
      );
      expect(blank.statusCode).toBe(400);
      expect(blank.json().details).toEqual([
        { path: 'answers.goal', message: "Please answer 'What is it for'" },
      ]);
      // A page that is not an image, and a file past the limit: named at the file they refuse.
      const disguised = await submitForm(
        client.token,
        fresh,
        { title: 'Bad file', answers, asked, answerFileQuestions: '["logo"]' },
        [
          {
            field: 'answerFiles',
            fixture: 'disguised-html.png',
            filename: 'logo.png',
            type: 'image/png',
          },
        ],
      );
      expect(disguised.statusCode).toBe(400);
      expect(disguised.json().details).toEqual([
        { path: 'answerFiles.0', message: expect.stringMatching(/^‘logo\.png’ must be/) },
      ]);
      const big = await app.inject({
        method: 'POST',
        url: `/api/my/request-plans/${fresh}/requests`,
        headers: bearer(client.token),
        payload: (() => {
          const form = multipart({
            title: 'Big file',
            answers,
            asked,
            answerFileQuestions: '["logo"]',
          });
          const bytes = Buffer.alloc(config.uploadLimits.pdf + 1024, 0x20);
          Buffer.from('%PDF-1.4\n').copy(bytes);
          form.append('answerFiles', new Blob([bytes], { type: 'application/pdf' }), 'huge.pdf');
          return form;
        })(),
      });
      expect(big.statusCode).toBe(413);
      expect(big.json().details).toEqual([
        { path: 'answerFiles.0', message: expect.stringMatching(/^‘huge\.pdf’ is larger than/) },
      ]);

      const [plan] = await plansOf(client.token);
      expect(plan!.requests).toEqual([]);
      expect(storedFiles(config.dataDir)).toEqual(files);
    } finally {
      await forget();
    }
  });

  it('estimates when the 1st and 2nd queued requests start, from the due dates before them', async () => {
    const client = await createUser(app, { firstName: 'Quinn', lastName: 'Queue' });
    const fresh = await buyPlan(client.token);
    const started = (await submit(client.token, fresh, 'Logo')).json<RequestItem>();
    const first = (await submit(client.token, fresh, 'Flyer')).json<RequestItem>();
    const second = (await submit(client.token, fresh, 'Poster')).json<RequestItem>();
    const { deliveryDays } = (await repos.requests.findPlan(fresh))!.plan;
    expect(started.estimatedStart).toBeNull();
    expect(first.estimatedStart).toBe(started.dueDate);
    expect(second.estimatedStart).toBe(addWorkingDays(started.dueDate!, deliveryDays));

    // Staff move the active one's due date: the queue's starts follow it.
    const moved = await app.inject({
      method: 'PATCH',
      url: `/api/projects/${started.id}`,
      headers: bearer(admin.token),
      payload: { expectedDeliveryDate: '2031-03-14', dueChangeReason: 'Printer is late' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const mine = (await plansOf(client.token)).find((p) => p.id === fresh)!;
    const startOf = (id: string) => mine.requests.find((r) => r.id === id)!.estimatedStart;
    expect(startOf(first.id)).toBe('2031-03-14');
    expect(startOf(second.id)).toBe(addWorkingDays('2031-03-14', deliveryDays));
    expect(startOf(started.id)).toBeNull();
    // The staff board's Queued cards say the same.
    const board = await boardOf(admin.token);
    expect(board.find((r) => r.id === first.id)!.estimatedStart).toBe('2031-03-14');
    expect(board.find((r) => r.id === second.id)!.estimatedStart).toBe(
      addWorkingDays('2031-03-14', deliveryDays),
    );

    // Without a due date before it, no date is shown rather than a wrong one.
    await repos.projects.update(started.id, { expectedDeliveryDate: null });
    const unknown = (await plansOf(client.token)).find((p) => p.id === fresh)!;
    expect(unknown.requests.map((r) => r.estimatedStart)).toEqual([null, null, null]);
  });
});

describe('a plan’s use on the dashboard and on Billing', () => {
  it('shows the same figures on both: active places, this period’s requests and when it resets', async () => {
    const client = await createUser(app, { firstName: 'Una', lastName: 'Usage' });
    const capped = await createServiceToOrder(app, {
      title: 'Four Design Requests',
      packages: [
        {
          title: 'Four',
          type: 'monthly',
          baseCostCents: 0,
          recurringCostCents: 99_000,
          activeRequestLimit: 1,
          requestsPerPeriod: 4,
        },
      ],
      extras: [],
    });
    const bought = await pay(app, client.token, orderBody(capped, { coordinatorId: cora.user.id }));
    expect(bought.statusCode, bought.body).toBe(200);
    const cappedPlan = bought.json<{ projectId: string }>().projectId;
    const unlimitedPlan = await buyPlan(client.token);

    for (const title of ['Menu', 'Flyer', 'Poster', 'Banner']) {
      expect((await submit(client.token, cappedPlan, title)).statusCode).toBe(201);
    }
    // A cancelled request gives its place in the period back.
    const queued = (await plansOf(client.token))
      .find((p) => p.id === cappedPlan)!
      .requests.filter((r) => r.state === 'queued');
    const cancelled = await app.inject({
      method: 'POST',
      url: `/api/my/requests/${queued.at(-1)!.id}/cancel`,
      headers: bearer(client.token),
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await submit(client.token, unlimitedPlan, 'Logo tweak')).statusCode).toBe(201);

    const res = await app.inject({ url: '/api/billing', headers: bearer(client.token) });
    expect(res.statusCode, res.body).toBe(200);
    const billing = res.json<BillingOverview>();
    const usageOf = (id: string) => billing.subscriptions.find((s) => s.projectId === id)!;
    const cappedRow = usageOf(cappedPlan);
    expect(cappedRow.requests).toEqual<RequestUsage>({
      activeRequestLimit: 1,
      requestsPerPeriod: 4,
      active: 1,
      usedThisPeriod: 3,
      extraThisPeriod: 0,
      period: 'month',
      resetsAt: cappedRow.nextChargeAt,
    });
    expect(cappedRow.nextChargeAt).not.toBeNull();
    expect(usageOf(unlimitedPlan).requests).toMatchObject({
      requestsPerPeriod: null,
      active: 1,
      usedThisPeriod: 1,
      period: 'month',
    });

    // The dashboard's panel counts the same, from the same function.
    for (const plan of await plansOf(client.token)) {
      expect(usageOf(plan.id).requests).toMatchObject({
        activeRequestLimit: plan.activeRequestLimit,
        requestsPerPeriod: plan.requestsPerPeriod,
        active: plan.active,
        usedThisPeriod: plan.usedThisPeriod,
      });
    }

    // A cancelled plan resets no more.
    await app.inject({
      method: 'POST',
      url: `/api/projects/${unlimitedPlan}/subscription/cancel`,
      headers: bearer(client.token),
    });
    const after = (
      await app.inject({ url: '/api/billing', headers: bearer(client.token) })
    ).json<BillingOverview>();
    expect(after.subscriptions.find((s) => s.projectId === unlimitedPlan)!.requests).toMatchObject({
      usedThisPeriod: 1,
      resetsAt: null,
    });
  });

  it('shows staff one request for its page, a co-ordinator only their own', async () => {
    const fresh = await buyPlan(owner.token);
    const item = (await submit(owner.token, fresh, 'Page request')).json<RequestItem>();
    const url = `/api/requests/${item.id}`;
    const seen = await app.inject({ url, headers: bearer(admin.token) });
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json<RequestItem>()).toMatchObject({
      id: item.id,
      planId: fresh,
      title: 'Page request',
      state: 'in-progress',
      coordinatorId: cora.user.id,
    });
    expect((await app.inject({ url, headers: bearer(cora.token) })).statusCode).toBe(200);
    expect((await app.inject({ url, headers: bearer(otherCora.token) })).statusCode).toBe(404);
    expect((await app.inject({ url, headers: bearer(owner.token) })).statusCode).toBe(403);
    // A plan is not a request.
    const plan = await app.inject({ url: `/api/requests/${fresh}`, headers: bearer(admin.token) });
    expect(plan.statusCode).toBe(404);
  });
});
