import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { notFound, unauthorized } from '../../lib/errors.ts';
import { receiveReply, type PostReply, type ReceiveReplyDeps } from './receive-reply.ts';
import { createReplyAddresses, type ReplyAddresses } from './reply-address.ts';
import { startSmtpReceiver } from './smtp-receiver.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Reply addresses for message emails; null when no way of receiving replies is on. */
    replyAddresses: ReplyAddresses | null;
  }
}

/** The largest reply taken, attachments included (a provider's limit is usually 25-30 MB). */
const MAX_MAIL_BYTES = 30 * 1024 * 1024;

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Replies to message emails, by the provider's webhook (MAIL_INBOUND_SECRET) and the built-in
 * SMTP receiver (MAIL_INBOUND_PORT), both off by default. `post` puts a reply in the thread.
 */
export function registerInboundMail(
  app: FastifyInstance,
  config: Config,
  deps: { emailOf: ReceiveReplyDeps['emailOf']; post: PostReply },
) {
  const { smtpPort, smtpHost, webhookSecret, replyDomain } = config.inboundMail;
  const on = smtpPort !== undefined || webhookSecret !== undefined;
  const addresses = createReplyAddresses(config.tokenSecret, replyDomain);
  app.decorate('replyAddresses', on ? addresses : null);
  const receiveDeps: ReceiveReplyDeps = { addresses, log: app.log, ...deps };

  app.register(async (scope) => {
    // The raw mail as the provider received it (MIME), read whole: mailparser needs all of it.
    scope.addContentTypeParser(
      ['message/rfc822', 'text/plain', 'application/octet-stream'],
      { parseAs: 'buffer', bodyLimit: MAX_MAIL_BYTES },
      (_request, body, done) => done(null, body),
    );
    scope.post(
      '/api/inbound-mail',
      {
        config: { access: 'public' },
        schema: {
          tags: ['messages'],
          summary: "A mail provider's inbound webhook: one reply to a message email, raw MIME",
          description:
            'Authorization: Bearer MAIL_INBOUND_SECRET. Answers 202 when the reply is in the ' +
            'thread, and 422 with the reason when it is refused (the provider need not retry).',
        },
      },
      async (request, reply) => {
        if (!webhookSecret) throw notFound('Not found');
        const auth = request.headers.authorization ?? '';
        if (!sameSecret(auth.replace(/^Bearer\s+/i, ''), webhookSecret))
          throw unauthorized('The inbound mail secret is missing or wrong');
        if (!Buffer.isBuffer(request.body)) {
          return reply.status(400).send({ message: 'Send the raw mail (message/rfc822)' });
        }
        const outcome = await receiveReply(receiveDeps, request.body);
        return outcome.accepted
          ? reply.status(202).send({ accepted: true })
          : reply.status(422).send({ accepted: false, message: outcome.reason });
      },
    );
  });

  if (smtpPort !== undefined) {
    let receiver: Awaited<ReturnType<typeof startSmtpReceiver>> | undefined;
    app.addHook('onReady', async () => {
      receiver = await startSmtpReceiver({
        port: smtpPort,
        host: smtpHost,
        maxBytes: MAX_MAIL_BYTES,
        addresses,
        log: app.log,
        receive: (raw, envelope) => receiveReply(receiveDeps, raw, envelope),
      });
      app.log.info({ port: receiver.port }, 'receiving replies by SMTP');
    });
    app.addHook('onClose', async () => receiver?.close());
  }
}
