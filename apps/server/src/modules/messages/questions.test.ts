import net from 'node:net';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { describe, expect, it, vi } from 'vitest';
import type { Question, QuestionSummary } from '@noise/shared/questions';
import { createTestApp } from '../../test/app.ts';
import { form, sendForm } from '../../test/catalogue-admin-helpers.ts';
import { bearer, createTeammate, createUser } from '../../test/factories.ts';
import { createMailDns } from '../../test/mail-dns.ts';
import { outboxFiles, outboxMail } from '../../test/outbox.ts';

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const smtpPort = await freePort();
const dns = createMailDns({
  'example.com': { spf: 'v=spf1 ip4:127.0.0.1 -all', dmarc: 'v=DMARC1; p=reject' },
});
const { app, config } = await createTestApp(
  {
    messageMailDelayMs: 0,
    inboundMail: {
      smtpPort,
      smtpHost: '127.0.0.1',
      webhookSecret: undefined,
      replyDomain: 'reply.example.com',
      trustedAuthservId: undefined,
      repliesPerMinute: 10,
    },
  },
  { mailResolver: dns.resolver },
);
const admin = await createUser(app, { role: 'admin', firstName: 'Ada', lastName: 'Admin' });
const cora = await createUser(app, { role: 'co-ordinator', firstName: 'Cora', lastName: 'Team' });
const colin = await createUser(app, { role: 'co-ordinator', firstName: 'Colin', lastName: 'Else' });
const jane = await createUser(app, { firstName: 'Jane', lastName: 'Citizen' });
const janesMember = await createTeammate(app, jane.user, 'member', { firstName: 'Max' });
const janesBilling = await createTeammate(app, jane.user, 'billing', { firstName: 'Bea' });
const mallory = await createUser(app, { firstName: 'Mal', lastName: 'Other' });

const pdf = { field: 'attachments', fixture: 'sample.pdf', filename: 'menu.pdf' };
const ask = (token: string, text: string, files: Parameters<typeof form>[1] = []) =>
  sendForm(app, token, 'POST', '/api/questions', form({ text }, files));
const post = (
  token: string,
  id: string,
  fields: Record<string, string>,
  files: Parameters<typeof form>[1] = [],
) => sendForm(app, token, 'POST', `/api/questions/${id}/messages`, form(fields, files));
const get = (token: string, url: string) => app.inject({ url, headers: bearer(token) });
const read = async (token: string, id: string) => {
  const res = await get(token, `/api/questions/${id}`);
  expect(res.statusCode).toBe(200);
  return res.json<Question>();
};
const list = async (token: string, query = '') =>
  (await get(token, `/api/questions${query}`)).json<QuestionSummary[]>();
const patch = (token: string, id: string, payload: object) =>
  app.inject({ method: 'PATCH', url: `/api/questions/${id}`, headers: bearer(token), payload });
/** A person's bells about one question, oldest first. */
const bells = async (person: { token: string }, questionId: string) => {
  await app.afterAnswer.drain();
  const res = await get(person.token, '/api/notifications');
  return res
    .json<{ items: { kind: string; title: string; body: string; link: string }[] }>()
    .items.filter((n) => n.link.includes(questionId))
    .reverse();
};
const asked = async (token = jane.token, text = 'Can you also do our menus?') => {
  const res = await ask(token, text);
  expect(res.statusCode).toBe(201);
  return res.json<Question>();
};
/** Every mail written to the outbox so far, as text. */
const allMail = async () => {
  await app.afterAnswer.drain();
  await app.jobRunner.runDueJobs();
  const dir = path.join(config.dataDir, 'outbox');
  return outboxFiles(dir).map((file) => readFileSync(path.join(dir, file), 'utf8'));
};
const replyToOf = (mail: Awaited<ReturnType<typeof outboxMail>>) =>
  [mail.replyTo ?? []].flat().flatMap((a) => a.value.map((v) => v.address))[0] ?? '';

describe('asking and answering', () => {
  it('carries a question to the team, and the answer back to the company, never the notes', async () => {
    const res = await ask(jane.token, 'Can you also do our menus?\nWe have three cafés.', [pdf]);
    expect(res.statusCode).toBe(201);
    const question = res.json<Question>();
    expect(question).toMatchObject({
      subject: 'Can you also do our menus?',
      status: 'open',
      askedBy: 'Jane Citizen',
      assignee: null,
      quote: null,
      messages: [
        {
          side: 'customer',
          text: 'Can you also do our menus?\nWe have three cafés.',
          attachments: [{ name: 'menu.pdf', contentType: 'application/pdf' }],
        },
      ],
    });

    // The whole company that reads messages sees it; the team sees it as unread.
    expect((await list(janesMember.token)).map((q) => q._id)).toContain(question._id);
    const teamView = (await list(admin.token)).find((q) => q._id === question._id);
    expect(teamView).toMatchObject({ unread: 1, companyName: expect.any(String) });
    expect(
      (await bells(admin, question._id)).filter((b) => b.kind === 'customer-message'),
    ).toHaveLength(1);

    // The team answers, and keeps a note with a file to itself.
    const spy = vi.spyOn(app.database, 'notify');
    expect((await post(admin.token, question._id, { text: 'Yes, we do menus.' })).statusCode).toBe(
      201,
    );
    const note = await post(
      admin.token,
      question._id,
      { text: 'Upsell the print run', internal: 'true' },
      [pdf],
    );
    expect(note.statusCode).toBe(201);
    await app.afterAnswer.drain();
    // Live: the answer is announced to the company's readers, the note to the team alone.
    const changes = spy.mock.calls
      .map(([, payload]) => JSON.parse(payload) as { questionId?: string; userIds: string[] })
      .filter((c) => c.questionId === question._id);
    spy.mockRestore();
    expect(changes).toHaveLength(2);
    expect(changes[0]!.userIds).toEqual(
      expect.arrayContaining([jane.user.id, janesMember.user.id, admin.user.id]),
    );
    expect(changes[0]!.userIds).not.toContain(janesBilling.user.id);
    expect(changes[1]!.userIds).not.toContain(jane.user.id);
    expect(changes[1]!.userIds).toContain(admin.user.id);

    const seen = await read(jane.token, question._id);
    expect(seen.messages.map((m) => m.text)).toEqual([
      'Can you also do our menus?\nWe have three cafés.',
      'Yes, we do menus.',
    ]);
    const noteFile = note.json<{ attachments: { url: string }[] }>().attachments[0]!.url;
    expect((await get(jane.token, noteFile)).statusCode).toBe(404);
    expect((await get(admin.token, noteFile)).statusCode).toBe(200);
    expect((await read(admin.token, question._id)).messages.map((m) => m.text)).toContain(
      'Upsell the print run',
    );
    // The list shows the answer as the last message, unread, never the note.
    const mine = (await list(jane.token)).find((q) => q._id === question._id)!;
    expect(mine.lastMessage).toMatchObject({ excerpt: 'Yes, we do menus.', side: 'team' });
    expect(mine.unread).toBe(1);
    await app.inject({
      method: 'POST',
      url: `/api/questions/${question._id}/read`,
      headers: bearer(jane.token),
    });
    expect((await list(jane.token)).find((q) => q._id === question._id)!.unread).toBe(0);

    // Bells and emails: the owner and the member hear of the answer, Billing does not; the note
    // tells nobody and is in no email.
    for (const person of [jane, janesMember]) {
      const theirs = await bells(person, question._id);
      expect(theirs.map((b) => b.title)).toEqual([
        'New answer to your question: Can you also do our menus?',
      ]);
    }
    expect(await bells(janesBilling, question._id)).toEqual([]);
    const toJane = await outboxMail(app, config.dataDir, jane.user.email, 'Yes, we do menus.');
    expect(toJane.subject).toBe('New answer to your question: Can you also do our menus?');
    expect(replyToOf(toJane)).toMatch(/^ask-[a-z0-9-]+@reply\.example\.com$/);
    expect(toJane.text).toContain('Reply to this email to answer in the conversation.');
    expect(toJane.text).toContain(`/dashboard/questions/${question._id}`);
    // The note is in no bell and no email, to anyone.
    for (const person of [jane, janesMember, admin]) {
      const theirs = await bells(person, question._id);
      expect(theirs.some((b) => b.body.includes('Upsell'))).toBe(false);
    }
    expect((await allMail()).some((m) => m.includes('Upsell the print run'))).toBe(false);
  });

  it('takes a reply by email from a person of the company, and refuses anyone else', async () => {
    const question = await asked(jane.token, 'Do you print menus too?');
    await post(admin.token, question._id, { text: 'We do. How many?' });
    const mail = await outboxMail(app, config.dataDir, jane.user.email, 'We do. How many?');
    const replyTo = replyToOf(mail);
    const smtp = nodemailer.createTransport({ host: '127.0.0.1', port: smtpPort, ignoreTLS: true });
    await smtp.sendMail({
      from: jane.user.email,
      to: replyTo,
      subject: `Re: ${mail.subject}`,
      text: 'About 200.\n\nOn Mon, Ada wrote:\n> We do. How many?',
    });
    expect((await read(admin.token, question._id)).messages.at(-1)).toMatchObject({
      side: 'customer',
      via: 'email',
      text: 'About 200.',
    });
    // Someone else answering Jane's mail is refused.
    await expect(
      smtp.sendMail({ from: mallory.user.email, to: replyTo, text: 'Cancel it' }),
    ).rejects.toMatchObject({ responseCode: 550 });
    // An address made for a person of another company is refused too: the question is not theirs.
    const foreign = app.replyAddresses!.address(
      { questionId: question._id, userId: mallory.user.id },
      new Date(Date.now() + 86_400_000),
      mallory.user.replyKeyVersion,
    )!;
    await expect(
      smtp.sendMail({ from: mallory.user.email, to: foreign, text: 'Let me in' }),
    ).rejects.toMatchObject({ responseCode: 550 });
    // A project's reply address never passes for a question's.
    const parts = app.replyAddresses!.parse(replyTo.replace(/^ask-/, 'reply-'))!;
    expect(app.replyAddresses!.verify(parts, jane.user.replyKeyVersion).ok).toBe(false);
    const texts = (await read(admin.token, question._id)).messages.map((m) => m.text);
    expect(texts).not.toContain('Cancel it');
    expect(texts).not.toContain('Let me in');
  });

  it('tells the team when the customer writes again, and the customer when staff close it', async () => {
    const question = await asked(jane.token, 'One more thing');
    await post(janesMember.token, question._id, { text: 'And the wine list?' });
    const titles = (await bells(admin, question._id)).map((b) => b.title);
    expect(titles).toEqual([
      expect.stringMatching(/^New question from Jane Citizen/),
      expect.stringMatching(/^Message from Max member/),
    ]);
    const closed = await patch(admin.token, question._id, { status: 'closed' });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ status: 'closed', closedReason: expect.any(String) });
    const refused = await post(jane.token, question._id, { text: 'Hello?' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('This question was closed');
    expect((await list(admin.token, '?status=closed')).map((q) => q._id)).toContain(question._id);
    expect((await list(admin.token, '?status=open')).map((q) => q._id)).not.toContain(question._id);
    expect((await patch(admin.token, question._id, { status: 'open' })).json().status).toBe('open');
  });
});

describe('assignment', () => {
  it('gives a question to a team member, who hears of it and then alone of the co-ordinators sees it', async () => {
    const question = await asked(jane.token, 'Who handles social media?');
    // A co-ordinator sees only what is assigned to them.
    expect((await get(cora.token, `/api/questions/${question._id}`)).statusCode).toBe(404);
    expect((await list(cora.token)).map((q) => q._id)).not.toContain(question._id);

    const res = await patch(admin.token, question._id, { assigneeId: cora.user.id });
    expect(res.statusCode).toBe(200);
    expect(res.json<Question>().assignee).toEqual({ _id: cora.user.id, name: 'Cora Team' });
    const told = (await bells(cora, question._id)).filter((b) => b.kind === 'project-assigned');
    expect(told.map((b) => b.title)).toContain('Assigned to you: a question from Jane Citizen');
    expect((await list(cora.token)).map((q) => q._id)).toContain(question._id);
    expect((await get(colin.token, `/api/questions/${question._id}`)).statusCode).toBe(404);

    // Cora answers, and Jane's next message rings her bell too.
    expect((await post(cora.token, question._id, { text: 'I do.' })).statusCode).toBe(201);
    await post(jane.token, question._id, { text: 'Great, call me.' });
    expect(
      (await bells(cora, question._id)).filter((b) => b.kind === 'customer-message'),
    ).toHaveLength(1);

    // A co-ordinator cannot hand it to someone else.
    const handOff = await patch(cora.token, question._id, { assigneeId: colin.user.id });
    expect(handOff.statusCode).toBe(403);
  });

  it('refuses to assign a question to someone who is not on the team, changing nothing', async () => {
    const question = await asked(jane.token, 'Assign me?');
    for (const assigneeId of [jane.user.id, mallory.user.id, 'no-such-person']) {
      const res = await patch(admin.token, question._id, { assigneeId });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Choose a team member to assign it to');
    }
    expect((await read(admin.token, question._id)).assignee).toBeNull();
    // Asking for no change changes nothing.
    const nothing = await patch(admin.token, question._id, {});
    expect(nothing.statusCode).toBe(200);
    expect(nothing.json()).toMatchObject({ status: 'open', assignee: null });
    // Customers do not assign.
    expect((await patch(jane.token, question._id, { status: 'closed' })).statusCode).toBe(403);
  });
});

describe('turning a question into a proposal', () => {
  it('links the new quote to the question; the customer sees it once it is sent', async () => {
    const question = await asked(jane.token, 'Can you also do our menus?');
    const made = await app.inject({
      method: 'POST',
      url: '/api/quotes',
      headers: bearer(admin.token),
      payload: {
        name: 'Menu design',
        summary: 'Can you also do our menus?',
        value: 900,
        customerId: question.askedById,
        questionId: question._id,
      },
    });
    expect(made.statusCode).toBe(201);
    const quote = made.json<{ _id: string; customer: { id: string } }>();
    expect(quote.customer.id).toBe(jane.user.id);
    expect((await read(admin.token, question._id)).quote).toEqual({
      _id: quote._id,
      name: 'Menu design',
    });
    expect((await read(jane.token, question._id)).quote).toBeNull();
    const sent = await app.inject({
      method: 'POST',
      url: `/api/quotes/${quote._id}/send`,
      headers: bearer(admin.token),
      payload: {},
    });
    expect(sent.statusCode).toBe(202);
    expect((await read(jane.token, question._id)).quote).toEqual({
      _id: quote._id,
      name: 'Menu design',
    });
  });

  it('refuses a quote for a question that does not exist, making none', async () => {
    const before = (await app.inject({ url: '/api/quotes', headers: bearer(admin.token) })).json<
      unknown[]
    >().length;
    const res = await app.inject({
      method: 'POST',
      url: '/api/quotes',
      headers: bearer(admin.token),
      payload: { name: 'Ghost', value: 100, questionId: 'no-such-question' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('That question no longer exists');
    const after = (await app.inject({ url: '/api/quotes', headers: bearer(admin.token) })).json<
      unknown[]
    >().length;
    expect(after).toBe(before);
  });
});

describe('bad input', () => {
  /** How many questions Jane's company has. */
  const count = async () => (await list(jane.token)).length;

  it('refuses a question of spaces, saving nothing', async () => {
    const before = await count();
    const res = await ask(jane.token, '   \n  ');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Write your question');
    // Files alone do not make a question either.
    const filesOnly = await ask(jane.token, ' ', [pdf]);
    expect(filesOnly.statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it('refuses a file whose content is not what its name says, or whose name has folders', async () => {
    const before = await count();
    const page = new FormData();
    page.append('text', 'Here is our menu');
    page.append(
      'attachments',
      new Blob(['<!doctype html><script>steal()</script>'], { type: 'application/pdf' }),
      'menu.pdf',
    );
    const disguised = await sendForm(app, jane.token, 'POST', '/api/questions', page);
    expect(disguised.statusCode).toBe(400);
    expect(disguised.json().message).toContain('The file for attachments must be a PDF');

    const climbing = await ask(jane.token, 'Here is our menu', [
      { ...pdf, filename: '../../etc/menu.pdf' },
    ]);
    expect(climbing.statusCode).toBe(400);
    expect(climbing.json().message).toBe('A file name cannot contain / or \\');
    const misnamed = await ask(jane.token, 'Here is our logo', [
      { field: 'attachments', fixture: 'image.png', filename: 'logo.pdf' },
    ]);
    expect(misnamed.statusCode).toBe(400);
    expect(misnamed.json().message).toBe(
      'logo.pdf is a PNG image, but its name ends in .pdf: name it .png',
    );
    expect(await count()).toBe(before);

    // The same checks on a message of an open question.
    const question = await asked(jane.token, 'Menus?');
    const onMessage = await post(jane.token, question._id, { text: 'Menu' }, [
      { ...pdf, filename: '..\\menu.pdf' },
    ]);
    expect(onMessage.statusCode).toBe(400);
    expect((await read(admin.token, question._id)).messages).toHaveLength(1);
  });

  it("keeps one company out of another's question: reading, writing, files and read marks are 404", async () => {
    const question = await asked(jane.token, 'Private question');
    const withFile = await post(jane.token, question._id, { text: 'Our menu' }, [pdf]);
    const file = withFile.json<{ attachments: { url: string }[] }>().attachments[0]!.url;
    for (const res of [
      await get(mallory.token, `/api/questions/${question._id}`),
      await post(mallory.token, question._id, { text: 'Hi' }),
      await get(mallory.token, file),
      await app.inject({
        method: 'POST',
        url: `/api/questions/${question._id}/read`,
        headers: bearer(mallory.token),
      }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toMatch(/not found/);
    }
    expect((await list(mallory.token)).map((q) => q._id)).not.toContain(question._id);
    const texts = (await read(admin.token, question._id)).messages.map((m) => m.text);
    expect(texts).not.toContain('Hi');
  });

  it('refuses a Billing person, and staff asking', async () => {
    const billing = await ask(janesBilling.token, 'Can I ask?');
    expect(billing.statusCode).toBe(403);
    expect(billing.json().message).toContain('Your role in your company');
    expect((await get(janesBilling.token, '/api/questions')).statusCode).toBe(403);
    const staff = await ask(admin.token, 'Staff asking');
    expect(staff.statusCode).toBe(403);
    expect(staff.json().message).toBe(
      'Questions are asked by customers: answer them from the Inbox',
    );
  });

  it('refuses a message of spaces on a question, and a customer writing a note', async () => {
    const question = await asked(jane.token, 'Spaces next');
    const empty = await post(jane.token, question._id, { text: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Write a message or attach a file');
    const note = await post(jane.token, question._id, { text: 'Sneaky', internal: 'true' });
    expect(note.statusCode).toBe(400);
    expect(note.json().message).toBe('Only the team can write notes');
    expect((await read(admin.token, question._id)).messages).toHaveLength(1);
  });
});
