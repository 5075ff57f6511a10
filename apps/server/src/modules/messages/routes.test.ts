import net from 'node:net';
import { and, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it, vi } from 'vitest';
import type { MessageThread } from '@noise/shared/messages';
import { jobs, notifications, projectMessages, projects } from '../../db/schema.ts';
import { createTestApp } from '../../test/app.ts';
import { createOrder, form, sendForm } from '../../test/catalogue-admin-helpers.ts';
import { bearer, createUser } from '../../test/factories.ts';
import { createMailDns } from '../../test/mail-dns.ts';

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const smtpPort = await freePort();
// The test users' domain: its SPF lets this test's own connection send for it.
const dns = createMailDns({
  'example.com': { spf: 'v=spf1 ip4:127.0.0.1 -all', dmarc: 'v=DMARC1; p=reject' },
});
const { app } = await createTestApp(
  {
    // Message emails go at once here (they wait a minute for company by default).
    messageMailDelayMs: 0,
    inboundMail: {
      smtpPort,
      smtpHost: '127.0.0.1',
      webhookSecret: 'inbound-secret-'.repeat(3),
      replyDomain: 'reply.example.com',
      trustedAuthservId: undefined,
      repliesPerMinute: 10,
    },
  },
  { mailResolver: dns.resolver },
);
const db = app.database.db;
const team = await createUser(app, { role: 'co-ordinator', firstName: 'Cora', lastName: 'Team' });
const jane = await createUser(app, { firstName: 'Jane', lastName: 'Citizen' });
const mallory = await createUser(app, { firstName: 'Mal', lastName: 'Other' });

const newProject = async (userId = jane.user.id) => {
  const row = await createOrder(app, { userId, title: 'Logo Design', coordinatorId: team.user.id });
  return row;
};
const send = (
  token: string | null,
  projectId: string,
  fields: Record<string, string>,
  pdf = false,
) =>
  sendForm(
    app,
    token,
    'POST',
    `/api/projects/${projectId}/messages`,
    form(
      fields,
      pdf ? [{ field: 'attachments', fixture: 'sample.pdf', filename: 'brief.pdf' }] : [],
    ),
  );
const thread = async (token: string, projectId: string) => {
  const res = await app.inject({
    url: `/api/projects/${projectId}/messages`,
    headers: bearer(token),
  });
  expect(res.statusCode).toBe(200);
  return res.json<MessageThread>();
};
const inbox = async (token: string) =>
  app.inject({ url: '/api/messages/inbox', headers: bearer(token) });

describe('a project thread', () => {
  it('carries a customer question to the team inbox, and the answer back', async () => {
    const project = await newProject();
    const asked = await send(jane.token, project.id, { text: 'Can we see two options?' }, true);
    expect(asked.statusCode).toBe(201);
    expect(asked.json()).toMatchObject({
      side: 'customer',
      authorName: 'Jane Citizen',
      text: 'Can we see two options?',
      attachments: [{ name: 'brief.pdf', contentType: 'application/pdf' }],
    });

    await app.afterAnswer.drain();
    const items = (await inbox(team.token)).json();
    expect(items).toContainEqual(
      expect.objectContaining({
        projectId: project.id,
        unread: 1,
        customerName: expect.any(String),
        lastMessage: expect.objectContaining({ excerpt: 'Can we see two options?' }),
      }),
    );
    const bells = await db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, team.user.id), eq(notifications.kind, 'customer-message')),
      );
    expect(bells.length).toBeGreaterThan(0);

    // Staff read it: off the inbox.
    const read = await app.inject({
      method: 'POST',
      url: `/api/projects/${project.id}/messages/read`,
      headers: bearer(team.token),
    });
    expect(read.statusCode).toBe(204);
    expect((await inbox(team.token)).json()).not.toContainEqual(
      expect.objectContaining({ projectId: project.id }),
    );

    // The team answers, and keeps a note to itself.
    expect((await send(team.token, project.id, { text: 'Yes, by Friday.' })).statusCode).toBe(201);
    const note = await send(
      team.token,
      project.id,
      { text: 'Budget is tight', internal: 'true' },
      true,
    );
    expect(note.statusCode).toBe(201);
    expect(note.json().internal).toBe(true);

    const seen = await thread(jane.token, project.id);
    expect(seen.messages.map((m) => m.text)).toEqual([
      'Can we see two options?',
      'Yes, by Friday.',
    ]);
    expect(seen.closedReason).toBeNull();
    const all = await thread(team.token, project.id);
    expect(all.messages.map((m) => m.text)).toContain('Budget is tight');

    // The note's file is the team's too.
    const noteFile = note.json().attachments[0].url as string;
    expect((await app.inject({ url: noteFile, headers: bearer(jane.token) })).statusCode).toBe(404);
    const asTeam = await app.inject({ url: noteFile, headers: bearer(team.token) });
    expect(asTeam.statusCode).toBe(200);
    expect(asTeam.headers['content-disposition']).toContain('attachment');

    // One unread for Jane: the answer, not the note.
    const unread = await app.inject({ url: '/api/messages/unread', headers: bearer(jane.token) });
    expect(unread.json()).toEqual({ [project.id]: 1 });
    await app.inject({
      method: 'POST',
      url: `/api/projects/${project.id}/messages/read`,
      headers: bearer(jane.token),
    });
    expect(
      (await app.inject({ url: '/api/messages/unread', headers: bearer(jane.token) })).json(),
    ).toEqual({});
  });

  it('never gives a team note to a customer, and lets no customer write one', async () => {
    const project = await newProject();
    await send(team.token, project.id, { text: 'Internal only', internal: 'true' });
    expect((await thread(jane.token, project.id)).messages).toEqual([]);
    expect(
      (await app.inject({ url: '/api/messages/unread', headers: bearer(jane.token) })).json(),
    ).not.toHaveProperty(project.id);
    const refused = await send(jane.token, project.id, { text: 'Sneaky', internal: 'true' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Only the team can write notes');
  });

  it("keeps one customer out of another's thread, files and counts", async () => {
    const project = await newProject();
    const sent = await send(jane.token, project.id, { text: 'Private' }, true);
    const file = sent.json().attachments[0].url as string;
    for (const res of [
      await app.inject({
        url: `/api/projects/${project.id}/messages`,
        headers: bearer(mallory.token),
      }),
      await send(mallory.token, project.id, { text: 'Hi' }),
      await app.inject({ url: file, headers: bearer(mallory.token) }),
      await app.inject({
        method: 'POST',
        url: `/api/projects/${project.id}/messages/read`,
        headers: bearer(mallory.token),
      }),
    ]) {
      expect(res.statusCode).toBe(404);
    }
    await send(team.token, project.id, { text: 'For Jane' });
    const counts = (
      await app.inject({ url: '/api/messages/unread', headers: bearer(mallory.token) })
    ).json();
    expect(counts).not.toHaveProperty(project.id);
    // Signed out: refused before anything else.
    expect((await app.inject({ url: `/api/projects/${project.id}/messages` })).statusCode).toBe(
      401,
    );
    // The inbox is the team's.
    expect((await inbox(jane.token)).statusCode).toBe(403);
  });

  it('refuses an empty, over-long or closed-project message and keeps nothing', async () => {
    const project = await newProject();
    const count = async () =>
      (await db.select().from(projectMessages).where(eq(projectMessages.projectId, project.id)))
        .length;
    const empty = await send(jane.token, project.id, { text: '   \n ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Write a message or attach a file');
    const long = await send(jane.token, project.id, { text: 'x'.repeat(10_001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('A message can be at most 10,000 characters');
    await send(jane.token, project.id, { text: 'Before' });
    await db.update(projects).set({ status: 'cancelled' }).where(eq(projects.id, project.id));
    const closed = await send(jane.token, project.id, { text: 'After' }, true);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toContain('was cancelled');
    expect(await count()).toBe(1);
    const after = await thread(jane.token, project.id);
    expect(after.messages).toHaveLength(1);
    expect(after.closedReason).toContain('was cancelled');
  });
});

describe('replies by email', () => {
  const replyAddressOf = async (userId: string, projectId: string) => {
    await app.afterAnswer.drain();
    await app.jobRunner.runDueJobs();
    const rows = await db.select().from(jobs).where(eq(jobs.kind, 'email'));
    const mine = rows
      .map((j) => j.payload as { to: string; replyTo?: string; subject: string })
      .filter((p) => p.replyTo?.includes(userId) && p.replyTo.includes(projectId));
    return mine.at(-1)!;
  };

  it('mails a new message with a reply address, and the answer lands in the thread', async () => {
    const project = await newProject();
    await send(team.token, project.id, { text: 'First draft attached.' });
    const mail = await replyAddressOf(jane.user.id, project.id);
    expect(mail.to).toBe(jane.user.email);
    expect(mail.subject).toContain('New message on Order');
    expect(mail.replyTo).toMatch(/^reply-[a-z0-9-]+@reply\.example\.com$/);

    const smtp = nodemailer.createTransport({ host: '127.0.0.1', port: smtpPort, ignoreTLS: true });
    await smtp.sendMail({
      from: jane.user.email,
      to: mail.replyTo,
      subject: `Re: ${mail.subject}`,
      text: 'Love it, go ahead!\n\nOn Mon, Cora wrote:\n> First draft attached.',
      attachments: [{ filename: 'notes.pdf', content: Buffer.from('%PDF-1.4 notes\n%%EOF') }],
    });
    const messages = (await thread(team.token, project.id)).messages;
    expect(messages.at(-1)).toMatchObject({
      side: 'customer',
      via: 'email',
      text: 'Love it, go ahead!',
      attachments: [{ name: 'notes.pdf' }],
    });

    // Someone else answering the same mail is refused, by the receiver and the webhook alike.
    await expect(
      smtp.sendMail({ from: mallory.user.email, to: mail.replyTo, text: 'Cancel it' }),
    ).rejects.toMatchObject({ responseCode: 550 });
    const raw = await nodemailer
      .createTransport({ streamTransport: true, buffer: true })
      .sendMail({ from: mallory.user.email, to: mail.replyTo, text: 'Cancel it' });
    const hook = (secret: string) =>
      app.inject({
        method: 'POST',
        url: '/api/inbound-mail',
        headers: { authorization: `Bearer ${secret}`, 'content-type': 'message/rfc822' },
        payload: raw.message as Buffer,
      });
    expect((await hook('wrong')).statusCode).toBe(401);
    expect((await hook('inbound-secret-'.repeat(3))).statusCode).toBe(422);
    expect((await thread(team.token, project.id)).messages.map((m) => m.text)).not.toContain(
      'Cancel it',
    );
  });
});

describe('office documents and zip files', () => {
  const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
  const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  const officeFile = (folder: string, main: string) =>
    Buffer.from(
      zipSync({
        '[Content_Types].xml': strToU8('<?xml version="1.0"?><Types/>'),
        '_rels/.rels': strToU8('<?xml version="1.0"?><Relationships/>'),
        [`${folder}/${main}`]: strToU8('<?xml version="1.0"?><document/>'),
      }),
    );
  const docx = officeFile('word', 'document.xml');
  const xlsx = officeFile('xl', 'workbook.xml');
  const zip = Buffer.from(zipSync({ 'logo/final.png': strToU8('not really a png') }));
  const page = Buffer.from('<!doctype html><title>Contract</title><script>steal()</script>');
  const withFiles = (text: string, files: { bytes: Buffer; name: string; type: string }[]) => {
    const body = new FormData();
    body.append('text', text);
    for (const file of files) {
      body.append('attachments', new Blob([file.bytes], { type: file.type }), file.name);
    }
    return body;
  };
  const post = (token: string, projectId: string, body: FormData) =>
    sendForm(app, token, 'POST', `/api/projects/${projectId}/messages`, body);

  it('are taken on a message and given back as downloads of their real type', async () => {
    const project = await newProject();
    const sent = await post(
      jane.token,
      project.id,
      withFiles('The copy, the figures and the logos', [
        { bytes: docx, name: 'Copy v2.docx', type: DOCX_TYPE },
        // Browsers on some systems send no type, or a wrong one: only the bytes count.
        { bytes: xlsx, name: 'Figures.xlsx', type: '' },
        { bytes: zip, name: 'Logos.zip', type: 'application/x-zip-compressed' },
      ]),
    );
    expect(sent.statusCode).toBe(201);
    const attachments = sent.json<{
      attachments: { name: string; contentType: string; url: string }[];
    }>().attachments;
    expect(attachments).toMatchObject([
      { name: 'Copy v2.docx', contentType: DOCX_TYPE },
      { name: 'Figures.xlsx', contentType: XLSX_TYPE },
      { name: 'Logos.zip', contentType: 'application/zip' },
    ]);
    for (const [index, bytes] of [docx, xlsx, zip].entries()) {
      const attachment = attachments[index]!;
      const res = await app.inject({ url: attachment.url, headers: bearer(team.token) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(attachment.contentType);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${attachment.name}"`);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.rawPayload.equals(bytes)).toBe(true);
    }
  });

  it('refuses a web page named .docx with the reason, keeping no file of the message', async () => {
    const project = await newProject();
    const put = vi.spyOn(app.files, 'putFile');
    try {
      const refused = await post(
        jane.token,
        project.id,
        withFiles('Signed contract attached', [
          { bytes: docx, name: 'Notes.docx', type: DOCX_TYPE },
          { bytes: page, name: 'Contract.docx', type: DOCX_TYPE },
        ]),
      );
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(
        'The file for attachments must be a PDF, an image (JPEG, PNG, GIF, WebP or AVIF), an office document (Word, Excel, PowerPoint or OpenDocument) or a zip file',
      );
      // The good file was stored before the page was read, and removed with the refusal.
      const keys = put.mock.calls.map(([key]) => key);
      expect(keys).toHaveLength(1);
      for (const key of keys) expect(await app.files.get(key)).toBeNull();
    } finally {
      put.mockRestore();
    }
    expect(
      await db.select().from(projectMessages).where(eq(projectMessages.projectId, project.id)),
    ).toEqual([]);
  });

  it('come in with a reply by email; a file the site refuses is named instead', async () => {
    const project = await newProject();
    const to = app.replyAddresses!.address(
      { projectId: project.id, userId: jane.user.id },
      new Date(Date.now() + 86_400_000),
      jane.user.replyKeyVersion,
    )!;
    const smtp = nodemailer.createTransport({ host: '127.0.0.1', port: smtpPort, ignoreTLS: true });
    await smtp.sendMail({
      from: jane.user.email,
      to,
      subject: 'Re: New message',
      text: 'Here are the figures.\n\nOn Mon, Cora wrote:\n> Could you send the figures?',
      attachments: [
        { filename: 'Figures.xlsx', content: xlsx },
        { filename: 'Contract.docx', content: page },
      ],
    });
    const last = (await thread(team.token, project.id)).messages.at(-1);
    expect(last).toMatchObject({
      via: 'email',
      text: 'Here are the figures.\n\n(Not attached: Contract.docx. Send images, PDFs, office documents and zip files, or add files on the website.)',
      attachments: [{ name: 'Figures.xlsx', contentType: XLSX_TYPE }],
    });
  });
});
