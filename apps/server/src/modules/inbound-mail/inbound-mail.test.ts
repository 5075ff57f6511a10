import net from 'node:net';
import { eq } from 'drizzle-orm';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import type { MessageThread } from '@noise/shared/messages';
import { jobs, projects } from '../../db/schema.ts';
import { createTestApp } from '../../test/app.ts';
import { createOrder } from '../../test/catalogue-admin-helpers.ts';
import { bearer, createUser, TEST_PASSWORD } from '../../test/factories.ts';
import { createMailDns } from '../../test/mail-dns.ts';
import { createUserRepository } from '../users/repository.ts';
import { createMailAuthenticator, fromAuthenticationResults } from './authenticate-mail.ts';
import { REFUSALS } from './mail-texts.ts';
import { parseReply } from './parse-reply.ts';
import { createReplyAddresses } from './reply-address.ts';
import { startSmtpReceiver } from './smtp-receiver.ts';

const addresses = createReplyAddresses('x'.repeat(48), 'reply.example.com');
const target = { projectId: 'p1a2b3c4d5e6f7g8', userId: 'u1a2b3c4d5e6f7g8' };
const inAWeek = new Date(Date.now() + 7 * 86_400_000);
const log = pino({ level: 'silent' });

/** A mail as a mail client sends it, in raw MIME. */
async function rawMail(mail: SendMailOptions): Promise<Buffer> {
  const info = await nodemailer
    .createTransport({ streamTransport: true, buffer: true })
    .sendMail({ from: 'Jane <jane@example.com>', subject: 'Re: New message', ...mail });
  return info.message as Buffer;
}

const quotedReply = [
  'Thanks, the logo looks great!',
  'Could the blue be a little darker?',
  '',
  'On Mon, 23 Nov 2026 at 10:00, Make Noise <no-reply@example.com> wrote:',
  '> Here is the first version of your logo.',
  '> Let us know what you think.',
  '',
  '-- ',
  'Jane Citizen',
  'Citizen Bakery',
].join('\n');

const read = (address: string, replyKey: number, now?: Date) => {
  const parts = addresses.parse(address);
  return parts ? addresses.verify(parts, replyKey, now) : { ok: false, reason: 'unknown' };
};

describe('reply addresses', () => {
  it('name one project and one recipient, and fit the 64 characters before the @', () => {
    const address = addresses.address(target, inAWeek, 0)!;
    expect(address.split('@')[0]!.length).toBeLessThanOrEqual(64);
    expect(read(address, 0)).toEqual({ ok: true, target });
    // Mail servers may change the case.
    expect(read(address.toUpperCase(), 0)).toEqual({ ok: true, target });
  });

  it('refuse a changed, expired or foreign address', () => {
    const address = addresses.address(target, inAWeek, 0)!;
    const otherProject = address.replace(target.projectId, 'p9a2b3c4d5e6f7g8');
    expect(read(otherProject, 0)).toEqual({ ok: false, reason: 'forged' });
    const otherUser = address.replace(target.userId, 'u9a2b3c4d5e6f7g8');
    expect(read(otherUser, 0)).toEqual({ ok: false, reason: 'forged' });
    const otherSecret = createReplyAddresses('y'.repeat(48), 'reply.example.com');
    expect(otherSecret.verify(otherSecret.parse(address)!, 0)).toEqual({
      ok: false,
      reason: 'forged',
    });
    expect(read(address, 0, new Date(inAWeek.getTime() + 1000))).toEqual({
      ok: false,
      reason: 'expired',
    });
    expect(addresses.parse(address.replace('reply.example.com', 'example.org'))).toBeNull();
    expect(addresses.parse('hello@reply.example.com')).toBeNull();
  });

  it("stop working when their person's reply key is raised", () => {
    const first = addresses.address(target, inAWeek, 0)!;
    const second = addresses.address(target, inAWeek, 1)!;
    expect(second).not.toBe(first);
    expect(read(first, 1)).toEqual({ ok: false, reason: 'revoked' });
    expect(read(second, 1)).toEqual({ ok: true, target });
    // A key that was never used (a forger guessing ahead) is no better than a made-up one.
    expect(read(second, 0)).toEqual({ ok: false, reason: 'forged' });
  });

  it('are not made for ids that cannot fit', () => {
    expect(addresses.address({ ...target, projectId: 'x'.repeat(40) }, inAWeek, 0)).toBeNull();
    expect(addresses.address({ ...target, projectId: 'Has-Dash' }, inAWeek, 0)).toBeNull();
  });
});

describe('parseReply', () => {
  it('keeps what the person wrote and drops the quoted mail and the signature', async () => {
    const reply = await parseReply(
      await rawMail({
        to: addresses.address(target, inAWeek, 0)!,
        text: quotedReply,
        attachments: [{ filename: 'notes.pdf', content: Buffer.from('%PDF-1.4 notes') }],
      }),
    );
    expect(reply.from).toBe('jane@example.com');
    expect(reply.recipients).toEqual([addresses.address(target, inAWeek, 0)]);
    expect(reply.text).toBe('Thanks, the logo looks great!\nCould the blue be a little darker?');
    expect(reply.attachments).toEqual([
      {
        filename: 'notes.pdf',
        contentType: 'application/pdf',
        content: Buffer.from('%PDF-1.4 notes'),
      },
    ]);
  });

  it('reads a mail with only an HTML part', async () => {
    const reply = await parseReply(
      await rawMail({ to: 'someone@example.com', html: '<p>Approved, <b>thank you</b>.</p>' }),
    );
    expect(reply.text).toBe('Approved, thank you.');
  });
});

describe("a provider's Authentication-Results header", () => {
  const relay = 'mx.relay.test';
  it('is believed only when the topmost one is the trusted relay’s', () => {
    const pass = 'mx.relay.test 1; dmarc=pass (p=reject) header.from=example.com';
    expect(fromAuthenticationResults([pass], relay, 'example.com').dmarc).toBe('pass');
    // One the sender wrote below the relay's own, or one from another server, counts for nothing.
    expect(
      fromAuthenticationResults(
        ['mx.relay.test; dmarc=fail header.from=example.com', pass],
        relay,
        'example.com',
      ).dmarc,
    ).toBe('fail');
    expect(
      fromAuthenticationResults(['mx.forger.test; dmarc=pass'], relay, 'example.com').dmarc,
    ).toBeUndefined();
    // A verdict about another From domain says nothing about this one.
    expect(
      fromAuthenticationResults(
        ['mx.relay.test; dmarc=pass header.from=evil.test'],
        relay,
        'example.com',
      ).dmarc,
    ).toBeUndefined();
  });

  it('counts DKIM and SPF passes of the From domain and its subdomains only', () => {
    const checks = fromAuthenticationResults(
      [
        'mx.relay.test; dkim=pass header.d=evil.test; dkim=pass (good) header.d=mail.example.com;' +
          ' spf=pass smtp.mailfrom=bounce@evil.test; dmarc=none header.from=example.com',
      ],
      relay,
      'example.com',
    );
    expect(checks).toEqual({
      dmarc: 'none',
      dkimAligned: ['mail.example.com'],
      spfPass: 'evil.test',
      temporary: false,
    });
  });
});

describe('checking a reply', () => {
  const dns = createMailDns({
    'example.com': { dmarc: 'v=DMARC1; p=reject', dkim: true },
    'plain.example': { dkim: true },
    'evil.test': { dkim: true },
  });
  const webhook = createMailAuthenticator({
    mta: 'reply.example.com',
    trustedAuthservId: undefined,
    resolver: dns.resolver,
  });
  const origin = { via: 'webhook' as const, authenticationResults: [] };

  it('without a trusted relay, takes an aligned DKIM signature and nothing less', async () => {
    const raw = await rawMail({ to: 'r@reply.example.com', text: 'Yes' });
    expect(await webhook(await dns.sign(raw, 'example.com'), origin, 'example.com')).toEqual({
      pass: true,
      by: 'dmarc',
    });
    expect(await webhook(raw, origin, 'example.com')).toMatchObject({
      pass: false,
      temporary: false,
    });
    expect(await webhook(await dns.sign(raw, 'evil.test'), origin, 'example.com')).toMatchObject({
      pass: false,
    });
    // No DMARC record: an aligned signature is enough.
    const plain = await rawMail({
      from: 'ann@plain.example',
      to: 'r@reply.example.com',
      text: 'Hi',
    });
    expect(await webhook(await dns.sign(plain, 'plain.example'), origin, 'plain.example')).toEqual({
      pass: true,
      by: 'dkim',
    });
  });

  it('asks for a retry when DNS fails for the moment, not a refusal', async () => {
    const smtp = createMailAuthenticator({
      mta: 'reply.example.com',
      trustedAuthservId: undefined,
      resolver: async () => {
        throw Object.assign(new Error('timeout'), { code: 'ETIMEOUT' });
      },
    });
    const raw = await rawMail({ to: 'r@reply.example.com', text: 'Yes' });
    const via = {
      via: 'smtp' as const,
      ip: '127.0.0.1',
      helo: 'client.test',
      sender: 'jane@example.com',
    };
    expect(await smtp(raw, via, 'example.com')).toMatchObject({ pass: false, temporary: true });
  });
});

describe('the built-in SMTP receiver on its own', () => {
  it('refuses made-up addresses before taking any data, and mail that is too large', async () => {
    const received: Buffer[] = [];
    const receiver = await startSmtpReceiver({
      port: 0,
      host: '127.0.0.1',
      maxBytes: 1024 * 1024,
      log,
      checkRecipient: async (address) => {
        const parts = addresses.parse(address);
        const found = parts
          ? addresses.verify(parts, 0)
          : { ok: false as const, reason: 'unknown' };
        return found.ok ? { ok: true } : { ok: false, reason: REFUSALS.unknown };
      },
      receive: async (raw) => {
        received.push(raw);
        return { accepted: true, target };
      },
    });
    try {
      const smtp = nodemailer.createTransport({
        host: '127.0.0.1',
        port: receiver.port,
        secure: false,
        ignoreTLS: true,
      });
      const from = 'jane@example.com';
      await expect(
        smtp.sendMail({ from, to: 'reply-a-b-c-d@reply.example.com', text: 'x' }),
      ).rejects.toMatchObject({ responseCode: 550 });
      await expect(
        smtp.sendMail({ from, to: 'someone@example.org', text: 'relay me' }),
      ).rejects.toMatchObject({ responseCode: 550 });
      await expect(
        smtp.sendMail({
          from,
          to: addresses.address(target, inAWeek, 0)!,
          text: 'x'.repeat(2 * 1024 * 1024),
        }),
      ).rejects.toMatchObject({ responseCode: 552 });
      expect(received).toEqual([]);
    } finally {
      await receiver.close();
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Replies through the app: the built-in receiver on 127.0.0.1 and the provider's webhook.

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const RELAY = 'mx.relay.test';
const WEBHOOK_SECRET = 'inbound-secret-'.repeat(3);
const smtpPort = await freePort();
// The customers' domain sends from a mail server elsewhere (not this test's 127.0.0.1) and signs
// with DKIM; the forger's own domain lets this connection send for it and signs too.
const dns = createMailDns({
  'citizen.example': {
    spf: 'v=spf1 ip4:192.0.2.10 -all',
    dmarc: 'v=DMARC1; p=reject',
    dkim: true,
  },
  'evil.test': { spf: 'v=spf1 ip4:127.0.0.1 -all', dkim: true },
});
const { app } = await createTestApp(
  {
    messageMailDelayMs: 0,
    inboundMail: {
      smtpPort,
      smtpHost: '127.0.0.1',
      webhookSecret: WEBHOOK_SECRET,
      replyDomain: 'reply.example.com',
      trustedAuthservId: RELAY,
      repliesPerMinute: 10,
    },
  },
  { mailResolver: dns.resolver },
);
const db = app.database.db;
const team = await createUser(app, { role: 'co-ordinator' });
const smtp = nodemailer.createTransport({
  host: '127.0.0.1',
  port: smtpPort,
  secure: false,
  ignoreTLS: true,
});
afterAll(() => smtp.close());

let people = 0;
/** A customer at the DKIM-signing domain, with a project and its reply address. */
async function customerWithProject() {
  people += 1;
  const person = await createUser(app, { email: `jane${people}@citizen.example` });
  const project = await createOrder(app, {
    userId: person.user.id,
    title: 'Logo Design',
    coordinatorId: team.user.id,
  });
  // Made with the person's reply key as it is now, as a message email would be.
  const replyAddress = async () => {
    const row = await createUserRepository(db).findById(person.user.id);
    return app.replyAddresses!.address(
      { projectId: project.id, userId: person.user.id },
      inAWeek,
      row!.replyKeyVersion,
    )!;
  };
  return { ...person, project, to: await replyAddress(), replyAddress };
}

/** The reply `from` writes to `to`, DKIM-signed by `signer` when given, as raw MIME. */
async function reply(from: string, to: string, text: string, signer?: string) {
  const raw = await rawMail({ from, to, subject: 'Re: New message on Order', text });
  return signer ? dns.sign(raw, signer) : raw;
}

/** Sends raw mail over SMTP with its own envelope (MAIL FROM), as a mail server would. */
const deliver = (raw: Buffer, to: string, mailFrom: string) =>
  smtp.sendMail({ envelope: { from: mailFrom, to: [to] }, raw });

const texts = async (projectId: string) => {
  const res = await app.inject({
    url: `/api/projects/${projectId}/messages`,
    headers: bearer(team.token),
  });
  return res.json<MessageThread>().messages.map((m) => m.text);
};

/** The refusal notices queued for `email` (the address on file). */
const noticesTo = async (email: string) =>
  (await db.select().from(jobs).where(eq(jobs.kind, 'email')))
    .map((j) => j.payload as { to: string; subject: string; text: string })
    .filter((p) => p.subject.includes('was not posted') && p.to === email);

describe('replies by email through the app', () => {
  it('refuses a forged From for good, posts nothing, and tells the person at their address', async () => {
    const jane = await customerWithProject();
    // Not signed, sent from a server the domain does not name: SPF fails, DMARC fails.
    await expect(
      deliver(await reply(jane.user.email, jane.to, 'Cancel it all'), jane.to, 'mallory@evil.test'),
    ).rejects.toMatchObject({
      responseCode: 550,
      response: expect.stringContaining(REFUSALS.unauthenticated),
    });
    // The forger's envelope naming the customer changes nothing: their server is not hers.
    await expect(
      deliver(await reply(jane.user.email, jane.to, 'Cancel it all'), jane.to, jane.user.email),
    ).rejects.toMatchObject({ responseCode: 550 });
    // Nor does a signature of the forger's own domain: it is not aligned with From.
    await expect(
      deliver(
        await reply(jane.user.email, jane.to, 'Cancel it all', 'evil.test'),
        jane.to,
        'mallory@evil.test',
      ),
    ).rejects.toMatchObject({ responseCode: 550 });
    expect(await texts(jane.project.id)).toEqual([]);

    // One notice for the three, to her address on file, with the way to answer on the site.
    const notices = await noticesTo(jane.user.email);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toContain(REFUSALS.unauthenticated);
    expect(notices[0]!.text).toContain(`/dashboard/projects/${jane.project.id}`);
    expect(await noticesTo('mallory@evil.test')).toEqual([]);
  });

  it('posts a reply signed by the sender’s domain (DKIM, DMARC aligned)', async () => {
    const jane = await customerWithProject();
    // Sent through another server than her domain's SPF names (a forwarder): DKIM carries it.
    await deliver(
      await reply(jane.user.email, jane.to, quotedReply, 'citizen.example'),
      jane.to,
      jane.user.email,
    );
    expect(await texts(jane.project.id)).toEqual([
      'Thanks, the logo looks great!\nCould the blue be a little darker?',
    ]);
    expect(await noticesTo(jane.user.email)).toEqual([]);
  });

  it('refuses an address revoked by a password change, and takes the new one', async () => {
    const jane = await customerWithProject();
    const old = jane.to;
    const changed = await app.inject({
      method: 'PUT',
      url: '/api/users/password',
      headers: bearer(jane.token),
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'another horse battery' },
    });
    expect(changed.statusCode).toBe(200);
    const signed = (to: string) => reply(jane.user.email, to, 'Still me', 'citizen.example');
    await expect(deliver(await signed(old), old, jane.user.email)).rejects.toMatchObject({
      responseCode: 550,
      response: expect.stringContaining(REFUSALS.revoked),
    });
    expect(await texts(jane.project.id)).toEqual([]);
    expect(await noticesTo(jane.user.email)).toHaveLength(1);

    const fresh = await jane.replyAddress();
    expect(fresh).not.toBe(old);
    await deliver(await signed(fresh), fresh, jane.user.email);
    expect(await texts(jane.project.id)).toEqual(['Still me']);
  });

  it('takes 10 replies a minute from one sender and defers the rest (451, 429)', async () => {
    const jane = await customerWithProject();
    const started = Date.now();
    const outcomes: (number | 'sent')[] = [];
    for (let i = 1; i <= 40; i++) {
      const raw = await reply(jane.user.email, jane.to, `Reply ${i}`, 'citizen.example');
      outcomes.push(
        await deliver(raw, jane.to, jane.user.email).then(
          () => 'sent' as const,
          (error: { responseCode: number }) => error.responseCode,
        ),
      );
    }
    app.log.info({ ms: Date.now() - started }, 'forty replies');
    expect(outcomes.filter((o) => o === 'sent')).toHaveLength(10);
    expect(outcomes.filter((o) => o === 451)).toHaveLength(30);
    expect(await texts(jane.project.id)).toHaveLength(10);

    const hook = await app.inject({
      method: 'POST',
      url: '/api/inbound-mail',
      headers: { authorization: `Bearer ${WEBHOOK_SECRET}`, 'content-type': 'message/rfc822' },
      payload: await reply(jane.user.email, jane.to, 'One more'),
    });
    expect(hook.statusCode).toBe(429);
  });

  it('refuses for good (550) a reply to a cancelled project and one over the length limit', async () => {
    const jane = await customerWithProject();
    const long = await reply(jane.user.email, jane.to, 'x'.repeat(10_001), 'citizen.example');
    await expect(deliver(long, jane.to, jane.user.email)).rejects.toMatchObject({
      responseCode: 550,
      response: expect.stringContaining('at most 10,000 characters'),
    });
    await db.update(projects).set({ status: 'cancelled' }).where(eq(projects.id, jane.project.id));
    const late = await reply(jane.user.email, jane.to, 'Are we still on?', 'citizen.example');
    await expect(deliver(late, jane.to, jane.user.email)).rejects.toMatchObject({
      responseCode: 550,
      response: expect.stringContaining('was cancelled'),
    });
    expect(await texts(jane.project.id)).toEqual([]);
    expect(await noticesTo(jane.user.email)).toHaveLength(1);
  });

  it('through the webhook, believes only the trusted relay and answers refusals with 422', async () => {
    const jane = await customerWithProject();
    const hook = (raw: Buffer, relayHeader?: string) =>
      app.inject({
        method: 'POST',
        url: '/api/inbound-mail',
        headers: { authorization: `Bearer ${WEBHOOK_SECRET}`, 'content-type': 'message/rfc822' },
        payload: relayHeader
          ? Buffer.concat([Buffer.from(`Authentication-Results: ${relayHeader}\r\n`), raw])
          : raw,
      });
    const fromJane = (text: string, extra?: string) =>
      rawMail({
        from: jane.user.email,
        to: jane.to,
        text,
        ...(extra ? { headers: { 'Authentication-Results': extra } } : {}),
      });
    const pass = `${RELAY}; spf=pass smtp.mailfrom=${jane.user.email}; dmarc=pass header.from=citizen.example`;
    const fail = `${RELAY}; spf=fail smtp.mailfrom=${jane.user.email}; dmarc=fail header.from=citizen.example`;

    // The forger's own "pass" below the relay's "fail", or a "pass" from another server: refused.
    // (The relay must add its header to every mail: decision 061.)
    const forged = await hook(await fromJane('Cancel it', pass), fail);
    expect(forged.statusCode, forged.body).toBe(422);
    expect(forged.json().message).toBe(REFUSALS.unauthenticated);
    expect(
      (
        await hook(
          await fromJane('Cancel it'),
          `mx.other.test; ${pass.split('; ').slice(1).join('; ')}`,
        )
      ).statusCode,
    ).toBe(422);

    expect((await hook(await fromJane('Approved'), pass)).statusCode).toBe(202);
    await db.update(projects).set({ status: 'cancelled' }).where(eq(projects.id, jane.project.id));
    const closed = await hook(await fromJane('One more thing'), pass);
    expect(closed.statusCode).toBe(422);
    expect(closed.json().message).toContain('was cancelled');
    expect(await texts(jane.project.id)).toEqual(['Approved']);
  });
});
