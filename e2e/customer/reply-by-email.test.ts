import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message, MessageThread } from '@noise/shared/messages';
import { launchBrowser, type TestBrowser } from '../support/browser.ts';
import { freePort, startServer, type RunningServer } from '../support/server.ts';
import {
  apiGet,
  apiPost,
  createCoordinator,
  signUpCustomer,
  staffToken,
} from '../checkout/helpers.ts';
import { placePaidOrder } from './helpers.ts';

/**
 * Replying to a message email (docs/decisions/051-replies-by-email.md and 061): the site mails
 * the team's message to a local SMTP server; the customer's answer to its Reply-To, with the
 * quoted mail below and a PDF, comes in as a mail provider hands it over (the inbound webhook,
 * with the provider's Authentication-Results saying DMARC passed: there is no DNS here to check
 * SPF or DKIM against), and the project page shows what they wrote, by email, with the file. The
 * same reply from anyone else is turned away by the site's own SMTP receiver in the conversation
 * itself, and a reply the provider found forged is refused with 422.
 */
const outbox: ParsedMail[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    simpleParser(stream).then(
      (mail) => {
        outbox.push(mail);
        callback();
      },
      (error: Error) => callback(error),
    );
  },
});

/** The mail provider in front of the webhook, and the secret it posts with. */
const RELAY = 'mx.provider.test';
const INBOUND_SECRET = 'e2e-inbound-secret-'.repeat(2);

let server: RunningServer;
let browser: TestBrowser;
let inboundPort: number;
let staff: string;
let coordinator: { _id: string; name: string };

beforeAll(async () => {
  const smtpPort = await freePort();
  await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
  inboundPort = await freePort();
  server = await startServer({
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_INBOUND_PORT: String(inboundPort),
    MAIL_INBOUND_HOST: '127.0.0.1',
    MAIL_REPLY_DOMAIN: 'reply.example.com',
    MAIL_INBOUND_SECRET: INBOUND_SECRET,
    MAIL_INBOUND_TRUSTED_AUTHSERV_ID: RELAY,
    // Message emails wait a minute for company by default; a second is enough here.
    MESSAGE_MAIL_DELAY_SECONDS: '1',
  });
  browser = await launchBrowser(server.url);
  staff = await staffToken(server);
  coordinator = await createCoordinator(server, staff);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const addressesOf = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : [])
    .flatMap((group) => group.value)
    .map((entry) => entry.address?.toLowerCase() ?? '');

/**
 * The message email to `address`. Message emails wait for more messages to go with them
 * (MESSAGE_MAIL_DELAY_SECONDS, a second here), then the job runner polls.
 */
async function messageMailTo(address: string): Promise<ParsedMail> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const mail = outbox.find((m) => addressesOf(m.to).includes(address) && m.replyTo);
    if (mail) return mail;
    if (Date.now() > deadline) {
      const seen = outbox.map((m) => `${addressesOf(m.to).join(',')}: ${m.subject}`);
      throw new Error(`no message email to ${address}; the outbox has ${seen.join(' | ')}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

describe('replying to a message email', () => {
  it('puts the reply in the thread without the quoted mail, and refuses it from anyone else', async () => {
    const customer = await signUpCustomer(server, 'Rhea', 'Replier');
    const project = await placePaidOrder(server, customer, {
      serviceId: 'seo',
      packageTitle: 'SEO Health Check',
      extraTitles: [],
      coordinatorId: coordinator._id,
    });

    // The team writes through the API, as the staff dashboard does (multipart, field text).
    const form = new FormData();
    form.append('text', 'Your audit is ready. Shall we start with the page titles?');
    await apiPost<Message>(server, `/api/projects/${project._id}/messages`, staff, form);

    const mail = await messageMailTo(customer.email);
    expect(mail.text).toContain('Your audit is ready. Shall we start with the page titles?');
    expect(mail.text).toContain('Reply to this email to answer in the project.');
    const [replyTo] = addressesOf(mail.replyTo);
    expect(replyTo).toMatch(/^reply-[a-z0-9-]+@reply\.example\.com$/);

    const receiver = nodemailer.createTransport({
      host: '127.0.0.1',
      port: inboundPort,
      secure: false,
      ignoreTLS: true,
    });
    const replyMail = (from: string, text: string) => ({
      from,
      to: replyTo,
      subject: `Re: ${mail.subject}`,
      ...(mail.messageId ? { inReplyTo: mail.messageId, references: mail.messageId } : {}),
      text: [
        text,
        'I marked up the PDF.',
        '',
        `On Tue, 3 Mar 2026 at 09:15, ${mail.from?.text ?? 'Make Noise'} wrote:`,
        '> Your audit is ready. Shall we start with the page titles?',
        '>',
        '> Reply to this email to answer in the project.',
      ].join('\n'),
      attachments: [{ filename: 'titles-marked-up.pdf', content: pdf }],
    });
    const reply = (from: string, text: string) => receiver.sendMail(replyMail(from, text));
    /** The reply as the provider posts it, with its own verdict on top. */
    const viaProvider = async (text: string, dmarc: 'pass' | 'fail') => {
      const raw = await nodemailer
        .createTransport({ streamTransport: true, buffer: true })
        .sendMail(replyMail(customer.email, text));
      const verdict = `Authentication-Results: ${RELAY}; dmarc=${dmarc} header.from=example.com\r\n`;
      return fetch(`${server.url}/api/inbound-mail`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${INBOUND_SECRET}`,
          'content-type': 'message/rfc822',
        },
        body: Buffer.concat([Buffer.from(verdict), raw.message as Buffer]),
      });
    };

    // Someone the mail was forwarded to: refused before the mail is taken.
    await expect(
      reply('someone.else@example.com', 'Cancel the project please.'),
    ).rejects.toMatchObject({
      responseCode: 550,
      response: expect.stringContaining(
        'This reply did not come from the address the message was sent to.',
      ),
    });
    // Someone forging the customer's address: the provider's DMARC failed, so it is refused.
    const forged = await viaProvider('Cancel the project please.', 'fail');
    expect(forged.status).toBe(422);
    // The customer: taken once it is in the thread.
    const sent = await viaProvider('Yes please, titles first.', 'pass');
    expect(sent.status).toBe(202);

    const thread = await apiGet<MessageThread>(
      server,
      `/api/projects/${project._id}/messages`,
      customer.token,
    );
    // The team's message and the customer's reply: nothing from the other address.
    expect(thread.messages).toHaveLength(2);
    const answer = thread.messages.at(-1)!;
    expect(answer).toMatchObject({
      side: 'customer',
      via: 'email',
      text: 'Yes please, titles first.\nI marked up the PDF.',
      attachments: [{ name: 'titles-marked-up.pdf', contentType: 'application/pdf' }],
    });
    const file = await fetch(`${server.url}${answer.attachments[0]!.url}`, {
      headers: { authorization: `Bearer ${customer.token}` },
    });
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true);

    // What the customer sees on the project page.
    const { page } = await browser.newPage({ token: customer.token });
    await page.goto(`/dashboard/projects/${project._id}`);
    const list = page
      .getByRole('region', { name: 'Messages' })
      .getByRole('list', { name: 'Messages' });
    const item = list.getByRole('listitem').filter({ hasText: 'Yes please, titles first.' });
    await item.waitFor();
    expect(await item.innerText()).toContain('I marked up the PDF.');
    await item.getByText('· by email').waitFor();
    await item.getByRole('button', { name: /titles-marked-up\.pdf/ }).waitFor();
    await list.getByText('Your audit is ready. Shall we start with the page titles?').waitFor();
    // The quoted mail and the forwarded reply are nowhere on the page.
    expect(await item.getByText('wrote:').count()).toBe(0);
    expect(await item.innerText()).not.toContain('> Your audit is ready');
    expect(await list.getByText('Cancel the project').count()).toBe(0);
  }, 90_000);
});
