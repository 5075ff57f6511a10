import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { renderEmailHtml, type EmailBrand, type EmailContent } from './email-html.ts';
import { newId } from './ids.ts';

export interface MailMessage extends EmailContent {
  to: string;
  /** Made from the text in the shop's layout when not given (lib/email-html.ts). */
  html?: string;
  /** Where an answer goes (a project's reply address), when not to the sender. */
  replyTo?: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

/** A sender: an address with its display name as a string, or nodemailer's name and address. */
export type MailFrom = string | { name: string; address: string };

/**
 * What nodemailer is given: both parts (multipart/alternative), the HTML rendered now, at send
 * time, when the message has none; and for mail a person can turn off, the one-click
 * unsubscribe headers of RFC 8058 (docs/product.md#emails). nodemailer adds Message-ID and Date.
 */
export async function composedMail(
  message: MailMessage,
  options: {
    from: MailFrom;
    brand: EmailBrand;
    renderHtml: (content: EmailContent, brand: EmailBrand) => Promise<string>;
  },
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

/** One message for the outbox, as it crosses to the email worker thread. */
export interface OutboxMail {
  message: MailMessage;
  from: MailFrom;
  brand: EmailBrand;
  dataDir: string;
}

let transport: ReturnType<typeof nodemailer.createTransport> | undefined;

/**
 * Composes `mail` and writes it to DATA_DIR/outbox as an .eml file with its HTML part beside it
 * as an .html file; answers the .eml's path. Each file is written next to the outbox first and
 * then moved in, the HTML part first, so a reader of the outbox never sees half a mail nor an
 * .eml without its .html. In the built server this runs on the email worker thread
 * (email-render-pool.ts), where writing at once holds no request: the server's thread only hands
 * the message over, where it used to build the MIME and wait on eight file operations a mail.
 */
export async function writeOutboxMail(mail: OutboxMail): Promise<string> {
  const composed = await composedMail(
    {
      ...mail.message,
      // A Buffer crosses a thread as a Uint8Array; nodemailer wants a Buffer.
      attachments: mail.message.attachments?.map((a) => ({
        ...a,
        content: Buffer.from(a.content.buffer, a.content.byteOffset, a.content.byteLength),
      })),
    },
    { from: mail.from, brand: mail.brand, renderHtml: renderEmailHtml },
  );
  transport ??= nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  const info = await transport.sendMail(composed);
  const outbox = path.join(mail.dataDir, 'outbox');
  const writing = path.join(mail.dataDir, 'outbox-writing');
  const base = `${new Date().toISOString().replace(/[:.]/g, '-')}-${newId(6)}`;
  const file = path.join(outbox, `${base}.eml`);
  const write = () => {
    writeFileSync(path.join(writing, `${base}.html`), composed.html);
    renameSync(path.join(writing, `${base}.html`), path.join(outbox, `${base}.html`));
    writeFileSync(path.join(writing, `${base}.eml`), info.message as Buffer);
    renameSync(path.join(writing, `${base}.eml`), file);
  };
  try {
    write();
  } catch (error) {
    // The folders are made when first missing (a new data folder, or removed while running).
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    mkdirSync(outbox, { recursive: true });
    mkdirSync(writing, { recursive: true });
    write();
  }
  return file;
}
