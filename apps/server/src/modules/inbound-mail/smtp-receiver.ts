import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { SMTPServer } from 'smtp-server';
import type { ReplyAddresses } from './reply-address.ts';
import { targetOf, type ReceiveOutcome } from './receive-reply.ts';

export interface SmtpReceiverOptions {
  port: number;
  host: string;
  /** The largest mail taken, in bytes (attachments included). */
  maxBytes: number;
  addresses: ReplyAddresses;
  receive: (raw: Buffer, envelope: string[]) => Promise<ReceiveOutcome>;
  log: FastifyBaseLogger;
}

const refused = (message: string, code = 550) =>
  Object.assign(new Error(message), { responseCode: code });

/**
 * The built-in SMTP receiver for replies to message emails (MAIL_INBOUND_PORT), for a
 * self-hosted shop that points its reply domain's MX at this server. It takes mail only for
 * genuine, unexpired reply addresses (refused at RCPT TO, before any data is sent), never relays,
 * and asks for no authentication: the signed address is the credential.
 */
export async function startSmtpReceiver(options: SmtpReceiverOptions) {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH'],
    banner: 'replies only',
    size: options.maxBytes,
    logger: false,
    onRcptTo(address, _session, callback) {
      const found = targetOf(options.addresses, [address.address]);
      callback(found.ok ? undefined : refused(found.reason));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', (error) => callback(error));
      stream.on('end', () => {
        if (stream.sizeExceeded) {
          callback(refused('The message is too large.', 552));
          return;
        }
        const envelope = session.envelope.rcptTo.map((r) => r.address);
        options.receive(Buffer.concat(chunks), envelope).then(
          (outcome) => callback(outcome.accepted ? undefined : refused(outcome.reason)),
          (error: unknown) => {
            options.log.error({ err: error }, 'inbound mail could not be saved');
            callback(refused('The reply could not be saved: please try again later.', 451));
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
