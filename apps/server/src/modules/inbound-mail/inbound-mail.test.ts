import nodemailer, { type SendMailOptions } from 'nodemailer';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { parseReply } from './parse-reply.ts';
import { receiveReply, type PostReply } from './receive-reply.ts';
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

describe('reply addresses', () => {
  it('name one project and one recipient, and fit the 64 characters before the @', () => {
    const address = addresses.address(target, inAWeek)!;
    expect(address.split('@')[0]!.length).toBeLessThanOrEqual(64);
    expect(addresses.read(address)).toEqual({ ok: true, target });
    // Mail servers may change the case.
    expect(addresses.read(address.toUpperCase())).toEqual({ ok: true, target });
  });

  it('refuse a changed, expired or foreign address', () => {
    const address = addresses.address(target, inAWeek)!;
    const otherProject = address.replace(target.projectId, 'p9a2b3c4d5e6f7g8');
    expect(addresses.read(otherProject)).toEqual({ ok: false, reason: 'forged' });
    const otherUser = address.replace(target.userId, 'u9a2b3c4d5e6f7g8');
    expect(addresses.read(otherUser)).toEqual({ ok: false, reason: 'forged' });
    const otherSecret = createReplyAddresses('y'.repeat(48), 'reply.example.com');
    expect(otherSecret.read(address)).toEqual({ ok: false, reason: 'forged' });
    expect(addresses.read(address, new Date(inAWeek.getTime() + 1000))).toEqual({
      ok: false,
      reason: 'expired',
    });
    expect(addresses.read(address.replace('reply.example.com', 'example.org'))).toEqual({
      ok: false,
      reason: 'unknown',
    });
    expect(addresses.read('hello@reply.example.com')).toEqual({ ok: false, reason: 'unknown' });
  });

  it('are not made for ids that cannot fit', () => {
    expect(addresses.address({ ...target, projectId: 'x'.repeat(40) }, inAWeek)).toBeNull();
    expect(addresses.address({ ...target, projectId: 'Has-Dash' }, inAWeek)).toBeNull();
  });
});

describe('parseReply', () => {
  it('keeps what the person wrote and drops the quoted mail and the signature', async () => {
    const reply = await parseReply(
      await rawMail({
        to: addresses.address(target, inAWeek)!,
        text: quotedReply,
        attachments: [{ filename: 'notes.pdf', content: Buffer.from('%PDF-1.4 notes') }],
      }),
    );
    expect(reply.from).toBe('jane@example.com');
    expect(reply.recipients).toEqual([addresses.address(target, inAWeek)]);
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

describe('receiveReply', () => {
  const posted: Parameters<PostReply>[0][] = [];
  const deps = {
    addresses,
    emailOf: async (userId: string) => (userId === target.userId ? 'Jane@Example.com' : undefined),
    post: async (input: Parameters<PostReply>[0]) => {
      posted.push(input);
    },
    log,
  };

  it('posts a reply from the recipient as their message', async () => {
    posted.length = 0;
    const raw = await rawMail({ to: addresses.address(target, inAWeek)!, text: quotedReply });
    expect(await receiveReply(deps, raw)).toEqual({ accepted: true, target });
    expect(posted).toEqual([
      {
        ...target,
        text: 'Thanks, the logo looks great!\nCould the blue be a little darker?',
        attachments: [],
      },
    ]);
  });

  it('refuses a reply from anyone else, to an expired address, or with nothing in it', async () => {
    posted.length = 0;
    const to = addresses.address(target, inAWeek)!;
    const forwarded = await rawMail({ from: 'mallory@example.com', to, text: 'Cancel it all' });
    expect(await receiveReply(deps, forwarded)).toMatchObject({ accepted: false });
    const expired = addresses.address(target, new Date(Date.now() - 1000))!;
    expect(await receiveReply(deps, await rawMail({ to: expired, text: 'Hi' }))).toEqual({
      accepted: false,
      reason: 'This reply address has expired: please answer on the website.',
    });
    const empty = await rawMail({ to, text: '\n\nOn Mon, X wrote:\n> quoted only' });
    expect(await receiveReply(deps, empty)).toEqual({
      accepted: false,
      reason: 'The reply is empty.',
    });
    expect(posted).toEqual([]);
  });
});

const received: { raw: Buffer; envelope: string[] }[] = [];
const receiver = await startSmtpReceiver({
  port: 0,
  host: '127.0.0.1',
  maxBytes: 1024 * 1024,
  addresses,
  log,
  receive: async (raw, envelope) => {
    received.push({ raw, envelope });
    return { accepted: true, target };
  },
});
afterAll(() => receiver.close());
const smtp = nodemailer.createTransport({
  host: '127.0.0.1',
  port: receiver.port,
  secure: false,
  ignoreTLS: true,
});

describe('the built-in SMTP receiver', () => {
  it('takes a reply sent to a genuine address', async () => {
    const to = addresses.address(target, inAWeek)!;
    await smtp.sendMail({ from: 'jane@example.com', to, subject: 'Re: hi', text: 'Yes please' });
    expect(received).toHaveLength(1);
    expect(received[0]!.envelope).toEqual([to]);
    expect((await parseReply(received[0]!.raw)).text).toBe('Yes please');
  });

  it('refuses made-up addresses before taking any data, and mail that is too large', async () => {
    received.length = 0;
    await expect(
      smtp.sendMail({ from: 'jane@example.com', to: 'reply-a-b-c-d@reply.example.com', text: 'x' }),
    ).rejects.toMatchObject({ responseCode: 550 });
    await expect(
      smtp.sendMail({ from: 'jane@example.com', to: 'someone@example.org', text: 'relay me' }),
    ).rejects.toMatchObject({ responseCode: 550 });
    await expect(
      smtp.sendMail({
        from: 'jane@example.com',
        to: addresses.address(target, inAWeek)!,
        text: 'x'.repeat(2 * 1024 * 1024),
      }),
    ).rejects.toMatchObject({ responseCode: 552 });
    expect(received).toEqual([]);
  });
});
