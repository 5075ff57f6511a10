import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { REFUSALS } from './mail-texts.ts';
import type { ReceiveOutcome, ReplyOrigin } from './receive-reply.ts';

export interface SmtpReceiverOptions {
  port: number;
  host: string;
  /** The largest mail taken, in bytes (attachments included). */
  maxBytes: number;
  /** Whether a recipient (RCPT TO) is a reply address that takes replies. */
  checkRecipient: (address: string) => Promise<{ ok: true } | { ok: false; reason: string }>;
  receive: (raw: Buffer, origin: Extract<ReplyOrigin, { via: 'smtp' }>) => Promise<ReceiveOutcome>;
  log: FastifyBaseLogger;
}

const refused = (message: string, code = 550) =>
  Object.assign(new Error(message), { responseCode: code });

/** 550 tells the sending server to give up and bounce; 451 to keep the mail and try later. */
const CODES = { refused: 550, limited: 451, unavailable: 451 } as const;

/**
 * The built-in SMTP receiver for replies to message emails (MAIL_INBOUND_PORT), for a
 * self-hosted shop that points its reply domain's MX at this server. It takes mail only for
 * genuine, unexpired, unrevoked reply addresses (refused at RCPT TO, before any data is sent), never
 * relays, and asks for no login; the mail itself must pass SPF/DKIM/DMARC for its From domain,
 * checked against this connection (receive-reply.ts, decision 061).
 */
export async function startSmtpReceiver(options: SmtpReceiverOptions) {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH'],
    banner: 'replies only',
    size: options.maxBytes,
    logger: false,
    // The client's reverse DNS name decides nothing here (SPF takes its address and HELO): no
    // lookup for a connection to wait on.
    disableReverseLookup: true,
    onRcptTo(address, _session, callback) {
      options.checkRecipient(address.address).then(
        (found) => callback(found.ok ? undefined : refused(found.reason)),
        (error: unknown) => {
          options.log.error({ err: error }, 'inbound mail recipient could not be checked');
          callback(refused(REFUSALS.unsaved, 451));
        },
      );
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', (error) => callback(error));
      stream.on('end', () => {
        if (stream.sizeExceeded) {
          callback(refused(REFUSALS.tooLarge, 552));
          return;
        }
        const { mailFrom, rcptTo } = session.envelope;
        const origin = {
          via: 'smtp' as const,
          // An IPv4 client on a dual-stack socket shows as ::ffff:a.b.c.d.
          ip: session.remoteAddress.replace(/^::ffff:/, ''),
          helo: session.hostNameAppearsAs,
          // MAIL FROM:<> (a bounce) is false here; SPF then checks the HELO name.
          sender: mailFrom ? mailFrom.address : '',
          recipients: rcptTo.map((r) => r.address),
        };
        options.receive(Buffer.concat(chunks), origin).then(
          (outcome) =>
            callback(outcome.accepted ? undefined : refused(outcome.reason, CODES[outcome.status])),
          (error: unknown) => {
            options.log.error({ err: error }, 'inbound mail could not be saved');
            callback(refused(REFUSALS.unsaved, 451));
          },
        );
      });
    },
  });
  server.on('error', (error) => options.log.warn({ err: error }, 'SMTP receiver error'));
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return {
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
