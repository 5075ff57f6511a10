import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { renderEmailHtml, type EmailBrand } from '../lib/email-html.ts';
import type { RenderEmailHtml } from '../lib/email-render-pool.ts';
import { UnavailableError } from '../lib/errors.ts';
import {
  composedMail,
  writeOutboxMail,
  type MailFrom,
  type MailMessage,
  type OutboxMail,
} from '../lib/outbox-mail.ts';

export type { MailFrom, MailMessage } from '../lib/outbox-mail.ts';

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** 'smtp' when SMTP_URL is set, else 'outbox' (files in DATA_DIR/outbox). */
  kind: 'smtp' | 'outbox';
  close(): void;
}

/**
 * Real SMTP when SMTP_URL is set; otherwise each message is written as an .eml file to
 * DATA_DIR/outbox, with its HTML part beside it as an .html file to open in a browser, so reset
 * links and notifications work offline (lib/outbox-mail.ts). Log lines name the recipient and
 * subject only: bodies carry links with tokens.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  /** Asked at each message when a function: the sender's name follows the business name. */
  from: MailFrom | (() => MailFrom);
  dataDir: string;
  /** Asked at each message: the business details may change while the server runs. */
  brand: () => EmailBrand;
  /** Where the HTML part is rendered: a worker thread in the built server (app.ts). */
  renderHtml?: RenderEmailHtml;
  /** Where an outbox mail is composed and written: the same thread (app.ts). */
  writeOutbox?: (mail: OutboxMail) => Promise<string>;
  log: FastifyBaseLogger;
}): Mailer {
  const compose = (message: MailMessage) =>
    composedMail(message, {
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
  const writeOutbox = options.writeOutbox ?? writeOutboxMail;
  return {
    kind: 'outbox',
    async send(message) {
      const from = typeof options.from === 'function' ? options.from() : options.from;
      const file = await writeOutbox({
        message,
        from,
        brand: options.brand(),
        dataDir: options.dataDir,
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
