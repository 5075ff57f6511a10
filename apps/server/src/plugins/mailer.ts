import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { renderEmailHtml, type EmailBrand, type EmailContent } from '../lib/email-html.ts';
import type { RenderEmailHtml } from '../lib/email-render-pool.ts';
import { UnavailableError } from '../lib/errors.ts';
import { newId } from '../lib/ids.ts';

export interface MailMessage extends EmailContent {
  to: string;
  /** Made from the text in the shop's layout when not given (lib/email-html.ts). */
  html?: string;
  /** Where an answer goes (a project's reply address), when not to the sender. */
  replyTo?: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** 'smtp' when SMTP_URL is set, else 'outbox' (files in DATA_DIR/outbox). */
  kind: 'smtp' | 'outbox';
  close(): void;
}

/**
 * What nodemailer is given: both parts (multipart/alternative), the HTML rendered now, at send
 * time, when the message has none; and for mail a person can turn off, the one-click
 * unsubscribe headers of RFC 8058 (docs/product.md#emails). nodemailer adds Message-ID and Date.
 */
async function composed(
  message: MailMessage,
  options: { from: MailFrom; brand: EmailBrand; renderHtml: RenderEmailHtml },
) {
  const { action: _action, reason: _reason, unsubscribeUrl, ...mail } = message;
  return {
    from: options.from,
    ...mail,
    html: message.html ?? (await options.renderHtml(message, options.brand)),
    ...(unsubscribeUrl
      ? {
          list: { unsubscribe: unsubscribeUrl },
          headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        }
      : {}),
  };
}

/**
 * Real SMTP when SMTP_URL is set; otherwise each message is written as an .eml file to
 * DATA_DIR/outbox, with its HTML part beside it as an .html file to open in a browser, so reset
 * links and notifications work offline. Log lines name the recipient and subject only: bodies
 * carry links with tokens.
 */
/** A sender: an address with its display name as a string, or nodemailer's name and address. */
export type MailFrom = string | { name: string; address: string };

export function createMailer(options: {
  smtpUrl: string | undefined;
  /** Asked at each message when a function: the sender's name follows the business name. */
  from: MailFrom | (() => MailFrom);
  dataDir: string;
  /** Asked at each message: the business details may change while the server runs. */
  brand: () => EmailBrand;
  /** Where the HTML part is rendered: a worker thread in the built server (app.ts). */
  renderHtml?: RenderEmailHtml;
  log: FastifyBaseLogger;
}): Mailer {
  const compose = (message: MailMessage) =>
    composed(message, {
      from: typeof options.from === 'function' ? options.from() : options.from,
      brand: options.brand(),
      renderHtml: options.renderHtml ?? renderEmailHtml,
    });
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: 'smtp',
      async send(message) {
        const mail = await compose(message);
        try {
          await transport.sendMail(mail);
        } catch (error) {
          throw isMailServerUnavailable(error)
            ? new UnavailableError(
                'mail server',
                'We could not send the email just now: the mail server is not answering. Please try again in a few minutes.',
                { cause: error, retryAfterSeconds: 60 },
              )
            : error;
        }
        options.log.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }
  const outbox = path.join(options.dataDir, 'outbox');
  const writing = path.join(options.dataDir, 'outbox-writing');
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  // The folders are made once, and again if someone removed them while the server ran.
  let folders: Promise<unknown> | null = null;
  const makeFolders = () =>
    (folders ??= Promise.all([
      mkdir(outbox, { recursive: true }),
      mkdir(writing, { recursive: true }),
    ]));
  return {
    kind: 'outbox',
    async send(message) {
      const mail = await compose(message);
      const info = await transport.sendMail(mail);
      // Written off the event loop (a disk slow to create files must not hold requests), next to
      // the outbox first and then moved in, so a reader of the outbox never sees half a mail.
      // The HTML part goes in first, so an .eml in the outbox always has its .html beside it.
      const base = `${new Date().toISOString().replace(/[:.]/g, '-')}-${newId(6)}`;
      const name = `${base}.eml`;
      const file = path.join(outbox, name);
      const write = async () => {
        await makeFolders();
        await writeFile(path.join(writing, `${base}.html`), mail.html);
        await rename(path.join(writing, `${base}.html`), path.join(outbox, `${base}.html`));
        await writeFile(path.join(writing, name), info.message as Buffer);
        await rename(path.join(writing, name), file);
      };
      await write().catch(async (error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
        folders = null;
        await write();
      });
      options.log.info(
        { to: message.to, subject: message.subject, file },
        'mail written to outbox',
      );
    },
    close: () => {},
  };
}

/** nodemailer's codes for a server that cannot be reached or talked to, at the socket level. */
const UNREACHABLE = new Set(['ECONNECTION', 'ESOCKET', 'ETIMEDOUT', 'EDNS', 'ETLS', 'EPROTOCOL']);

/**
 * The mail server is down, unreachable or says 4xx ('try later'). A 5xx answer (a refused
 * recipient, a rejected login) is not: retrying the same message cannot help.
 */
export function isMailServerUnavailable(error: unknown): boolean {
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  if (typeof responseCode === 'number') return responseCode >= 400 && responseCode < 500;
  return typeof code === 'string' && UNREACHABLE.has(code);
}
