import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { questionSignature, type IntakeQuestion } from '@noise/shared/intake';
import { EMPTY_BRIEF_MESSAGE, NOTHING_TO_ADD_TEXT } from '@noise/shared/project';
import { notifications, projectBriefs, projects, services } from '../../db/schema.ts';
import { createTestApp } from '../../test/app.ts';
import { form, sendForm } from '../../test/catalogue-admin-helpers.ts';
import { bearer, createUser } from '../../test/factories.ts';
import {
  createServiceToOrder,
  orderBody,
  pay,
  quoteBody,
  signQuote,
} from '../../test/order-factories.ts';

const { app } = await createTestApp();
const db = app.database.db;
const admin = await createUser(app, { role: 'admin' });
const cora = await createUser(app, { role: 'co-ordinator', firstName: 'Cora', lastName: 'One' });
const jane = await createUser(app, { firstName: 'Jane', lastName: 'Citizen' });

const logo = await createServiceToOrder(app, { title: 'Logo design' });
const questions: IntakeQuestion[] = [
  { id: 'brand', kind: 'short-text', label: 'Brand name', help: '', required: true, options: [] },
  {
    id: 'style',
    kind: 'single-choice',
    label: 'Style',
    help: 'Pick the closest',
    required: false,
    options: ['Bold', 'Calm'],
  },
  { id: 'current', kind: 'file', label: 'Current logo', help: '', required: false, options: [] },
];

async function order() {
  const res = await pay(app, jane.token, orderBody(logo, { coordinatorId: cora.user.id }));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ projectId: string }>().projectId;
}
const asked = (qs: IntakeQuestion[] = questions) => JSON.stringify(qs.map(questionSignature));
const sendBrief = (
  projectId: string,
  fields: Record<string, string>,
  files: { field: string; fixture: string; filename?: string; type?: string }[] = [],
) => sendForm(app, jane.token, 'POST', `/api/projects/${projectId}/brief`, form(fields, files));
const entries = (projectId: string) =>
  db.select().from(projectBriefs).where(eq(projectBriefs.projectId, projectId));

describe('intake questions', () => {
  it('are built by staff on the service form, checked as they are saved', async () => {
    const save = (intakeQuestions: unknown) =>
      sendForm(
        app,
        admin.token,
        'PUT',
        `/api/services/${logo.service.id}`,
        form({ intakeQuestions: JSON.stringify(intakeQuestions) }),
      );
    const bad = await save([{ id: 'x', kind: 'single-choice', label: 'Pick', options: ['One'] }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Question 1: A choice question needs at least two choices');
    const saved = await save(questions);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().intakeQuestions).toEqual(questions);
    const read = await app.inject({
      url: `/api/services/${logo.service.id}/manage`,
      headers: bearer(admin.token),
    });
    expect(read.json().intakeQuestions).toEqual(questions);
  });

  it('are asked by the first brief, which refuses bad answers and keeps nothing', async () => {
    const projectId = await order();
    const shown = await app.inject({
      url: `/api/projects/${projectId}/brief/questions`,
      headers: bearer(jane.token),
    });
    // Each question carries the signature a brief names it by in `asked`.
    expect(shown.json()).toEqual({
      questions: questions.map((q) => ({ ...q, signature: questionSignature(q) })),
      answered: false,
    });
    const signatures = (shown.json().questions as { signature: string }[]).map((q) => q.signature);
    expect(asked()).toBe(JSON.stringify(signatures));

    const empty = await sendBrief(projectId, { answers: '{}', asked: asked() });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details).toEqual([
      { path: 'answers.brand', message: "Please answer 'Brand name'" },
    ]);
    const choice = await sendBrief(projectId, {
      answers: JSON.stringify({ brand: 'Acme', style: 'Loud' }),
      asked: asked(),
    });
    expect(choice.json().message).toBe("Choose one of the answers to 'Style'");
    const long = await sendBrief(projectId, {
      answers: JSON.stringify({ brand: 'x'.repeat(501) }),
      asked: asked(),
    });
    expect(long.json().message).toBe("'Brand name' is at most 500 characters");
    const wrongFile = await sendBrief(
      projectId,
      {
        answers: JSON.stringify({ brand: 'Acme' }),
        asked: asked(),
        answerFileQuestions: '["current"]',
      },
      [{ field: 'answerFiles', fixture: 'disguised-html.png', type: 'image/png' }],
    );
    expect(wrongFile.statusCode).toBe(400);
    // The questions changed while Jane was answering: she is told, with nothing saved.
    const stale = await sendBrief(projectId, {
      answers: JSON.stringify({ brand: 'Acme' }),
      asked: asked(questions.slice(0, 2)),
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe('questions_changed');
    expect(await entries(projectId)).toEqual([]);
  });

  it('refuse a brief with every optional question blank and nothing else, unless told there is nothing to add', async () => {
    const optional = await createServiceToOrder(app, { title: 'Menu refresh' });
    const ask: IntakeQuestion[] = [
      { id: 'site', kind: 'link', label: 'Website', help: '', required: false, options: [] },
      { id: 'rivals', kind: 'long-text', label: 'Rivals', help: '', required: false, options: [] },
    ];
    const saved = await sendForm(
      app,
      admin.token,
      'PUT',
      `/api/services/${optional.service.id}`,
      form({ intakeQuestions: JSON.stringify(ask) }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    // A co-ordinator of its own: the next test reads Cora's notifications.
    const dora = await createUser(app, { role: 'co-ordinator' });
    const paid = await pay(app, jane.token, orderBody(optional, { coordinatorId: dora.user.id }));
    const projectId = paid.json<{ projectId: string }>().projectId;

    const blank = await sendBrief(projectId, {
      answers: JSON.stringify({ site: '', rivals: '   ' }),
      asked: asked(ask),
      text: '  ',
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(EMPTY_BRIEF_MESSAGE);
    expect(await entries(projectId)).toEqual([]);
    const [waiting] = await db.select().from(projects).where(eq(projects.id, projectId));
    // The delivery clock waits for a real brief.
    expect(waiting!.dueClockStartedAt).toBeNull();

    const nothing = await sendBrief(projectId, {
      answers: '{}',
      asked: asked(ask),
      nothingToAdd: 'true',
    });
    expect(nothing.statusCode, nothing.body).toBe(201);
    expect(nothing.json().text).toBe(NOTHING_TO_ADD_TEXT);
    const [started] = await db.select().from(projects).where(eq(projects.id, projectId));
    expect(started!.dueClockStartedAt).not.toBeNull();
  });

  it('keep the answers with the questions as asked, files under their question, and tell the team', async () => {
    const projectId = await order();
    const sent = await sendBrief(
      projectId,
      {
        text: 'Anything else: we love green.',
        answers: JSON.stringify({ brand: ' Acme ', style: 'Calm' }),
        asked: asked(),
        answerFileQuestions: '["current"]',
      },
      [{ field: 'answerFiles', fixture: 'image.png', filename: 'old-logo.png', type: 'image/png' }],
    );
    expect(sent.statusCode, sent.body).toBe(201);
    const entry = sent.json();
    expect(entry.answers).toEqual([
      {
        questionId: 'brand',
        label: 'Brand name',
        kind: 'short-text',
        required: true,
        options: [],
        answer: 'Acme',
      },
      {
        questionId: 'style',
        label: 'Style',
        kind: 'single-choice',
        required: false,
        options: ['Bold', 'Calm'],
        answer: 'Calm',
      },
      {
        questionId: 'current',
        label: 'Current logo',
        kind: 'file',
        required: false,
        options: [],
        answer: ['old-logo.png'],
      },
    ]);
    expect(entry.attachments).toMatchObject([{ name: 'old-logo.png', questionId: 'current' }]);
    const shown = await app.inject({
      url: `/api/projects/${projectId}/brief/questions`,
      headers: bearer(jane.token),
    });
    expect(shown.json().answered).toBe(true);

    // Staff read them on the sale; the team's bell (and its email) carries them.
    const brief = await app.inject({
      url: `/api/projects/${projectId}/brief`,
      headers: bearer(cora.token),
    });
    expect(brief.json()[0].answers[0].answer).toBe('Acme');
    await app.afterAnswer.drain();
    const [bell] = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, cora.user.id), eq(notifications.kind, 'new-brief')));
    expect(bell?.body).toContain('Brand name: Acme\nStyle: Calm\nCurrent logo: old-logo.png');

    // Editing the service later never changes a brief already sent.
    await db
      .update(services)
      .set({ intakeQuestions: [{ ...questions[0]!, label: 'Business name' }] })
      .where(eq(services.id, logo.service.id));
    const after = await app.inject({
      url: `/api/projects/${projectId}/brief`,
      headers: bearer(jane.token),
    });
    expect(after.json()[0].answers[0].label).toBe('Brand name');
    // Later entries add to the brief as free text.
    const more = await sendBrief(projectId, { text: 'One more thing' });
    expect(more.statusCode).toBe(201);
    expect(more.json().answers).toBeNull();
  });

  it('come with a custom quote too, copied from a service when staff choose so', async () => {
    const made = await app.inject({
      method: 'POST',
      url: '/api/quotes',
      headers: bearer(admin.token),
      payload: { name: 'Launch logo', value: 900, intakeQuestions: questions.slice(0, 2) },
    });
    expect(made.statusCode, made.body).toBe(201);
    const quote = made.json();
    expect(quote.intakeQuestions).toEqual(questions.slice(0, 2));
    await signQuote(app, quote._id, jane.token);
    const paid = await pay(
      app,
      jane.token,
      quoteBody(
        { id: quote._id, name: quote.name, valueCents: 90_000 },
        { coordinatorId: cora.user.id },
      ),
    );
    expect(paid.statusCode, paid.body).toBe(200);
    const shown = await app.inject({
      url: `/api/projects/${paid.json().projectId}/brief/questions`,
      headers: bearer(jane.token),
    });
    expect(shown.json().questions.map((q: IntakeQuestion) => q.label)).toEqual([
      'Brand name',
      'Style',
    ]);
  });

  it('can be corrected by the client until work starts, the team reading what they said before', async () => {
    // The questions as the first test made them (the one before changed them).
    const reset = await sendForm(
      app,
      admin.token,
      'PUT',
      `/api/services/${logo.service.id}`,
      form({ intakeQuestions: JSON.stringify(questions) }),
    );
    expect(reset.statusCode, reset.body).toBe(200);
    const projectId = await order();
    const sent = await sendBrief(projectId, {
      answers: JSON.stringify({ brand: 'Acme', style: 'Calm' }),
      asked: asked(),
      text: 'Green, please.',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const entryId = sent.json()._id as string;
    expect(sent.json()).toMatchObject({ correctable: true, correctedAt: null, history: [] });
    const correct = (token: string, payload: object, id = entryId) =>
      app.inject({
        method: 'PUT',
        url: `/api/projects/${projectId}/brief/${id}`,
        headers: bearer(token),
        payload,
      });

    // A required answer blanked is refused, and nothing changes.
    const blank = await correct(jane.token, {
      text: 'Green',
      answers: { brand: ' ', style: 'Bold' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe("Please answer 'Brand name'");
    const bad = await correct(jane.token, {
      text: 'Green',
      answers: { brand: 'Acme', style: 'Loud' },
    });
    expect(bad.json().message).toBe("Choose one of the answers to 'Style'");
    // Another client, and the team, cannot correct it.
    const mallory = await createUser(app);
    expect((await correct(mallory.token, { text: 'Mine now' })).statusCode).toBe(404);
    expect((await correct(cora.token, { text: 'Edited by staff' })).statusCode).toBe(403);
    expect((await correct(jane.token, { text: 'x' }, 'not-an-entry')).statusCode).toBe(404);

    const fixed = await correct(jane.token, {
      text: 'Green and gold.',
      answers: { brand: 'Acme Bakery', style: 'Bold' },
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().text).toBe('Green and gold.');
    expect(fixed.json().answers.map((a: { answer: unknown }) => a.answer)).toEqual([
      'Acme Bakery',
      'Bold',
      null,
    ]);
    expect(fixed.json().correctedAt).toEqual(expect.any(String));
    // The same words again change nothing and add no history.
    expect(
      (
        await correct(jane.token, {
          text: 'Green and gold.',
          answers: { brand: 'Acme Bakery', style: 'Bold' },
        })
      ).json().history,
    ).toHaveLength(1);

    const read = await app.inject({
      url: `/api/projects/${projectId}/brief`,
      headers: bearer(cora.token),
    });
    const [entry] = read.json();
    expect(entry.history).toEqual([
      {
        correctedAt: expect.any(String),
        correctedBy: 'Jane Citizen',
        text: 'Green, please.',
        answers: [
          expect.objectContaining({ questionId: 'brand', label: 'Brand name', answer: 'Acme' }),
          expect.objectContaining({
            questionId: 'style',
            options: ['Bold', 'Calm'],
            answer: 'Calm',
          }),
          expect.objectContaining({ questionId: 'current', kind: 'file', answer: null }),
        ],
      },
    ]);

    // The team's first status update starts the work: from then on the brief is only added to.
    const update = await app.inject({
      method: 'PUT',
      url: `/api/users/projects/${projectId}/status`,
      headers: bearer(cora.token),
      payload: { statusUpdate: { title: 'Project Started', date: '2026-12-01', description: '' } },
    });
    expect(update.statusCode, update.body).toBe(200);
    const late = await correct(jane.token, { text: 'One more change', answers: { brand: 'Acme' } });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(
      'Work has started on this project: add to the brief instead of correcting it',
    );
    const after = await app.inject({
      url: `/api/projects/${projectId}/brief`,
      headers: bearer(jane.token),
    });
    expect(after.json()[0]).toMatchObject({ correctable: false, text: 'Green and gold.' });
  });
});
