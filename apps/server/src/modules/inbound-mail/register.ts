import { timingSafeEqual } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { DNSResolver } from 'mailauth';
import type { Config } from '../../config.ts';
import { z } from 'zod';
import { badRequest, notFound, unauthorized } from '../../lib/errors.ts';
import type { RateCounters } from '../../lib/rate-counter-repository.ts';
import { enqueueEmail } from '../jobs/email.ts';
import type { JobRepository } from '../jobs/repository.ts';
import { createMailAuthenticator } from './authenticate-mail.ts';
import { refusalNotice } from '../emails/inbound-mail.ts';
import {
  checkRecipient,
  receiveReply,
  type PostReply,
  type ReceiveOutcome,
  type ReceiveReplyDeps,
} from './receive-reply.ts';
import { createReplyAddresses, type ReplyAddresses, type ReplyTarget } from './reply-address.ts';
import { startSmtpReceiver } from './smtp-receiver.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Reply addresses for message emails; null when no way of receiving replies is on. */
    replyAddresses: ReplyAddresses | null;
  }
}

/** The largest reply taken, attachments included (a provider's limit is usually 25-30 MB). */
const MAX_MAIL_BYTES = 30 * 1024 * 1024;

/** At most one refusal notice per person in this time: a flood of refused mail is one email. */
const NOTICE_EVERY_MS = 60 * 60_000;

/** The webhook's answer to a mail it did not put in a thread, with why. */
const webhookRefusal = z.object({ accepted: z.literal(false), message: z.string() });

/** The webhook's answers: 422 and the provider drops the mail, 429 and 503 it retries. */
const WEBHOOK_STATUS = { refused: 422, limited: 429, unavailable: 503 } as const;

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Replies to message emails, by the provider's webhook (MAIL_INBOUND_SECRET) and the built-in
 * SMTP receiver (MAIL_INBOUND_PORT), both off by default. `post` puts a reply in the thread;
 * `pageOf` names the project and its page for the person, for the notice of a refused reply.
 */
export function registerInboundMail(
  app: FastifyInstance,
  config: Config,
  deps: {
    personOf: ReceiveReplyDeps['personOf'];
    post: PostReply;
    pageOf: (target: ReplyTarget) => Promise<{ title: string; path: string } | undefined>;
    jobs: JobRepository;
    rateCounters: RateCounters;
    /** DNS for SPF, DKIM and DMARC; tests give fixed records. */
    resolver?: DNSResolver;
  },
) {
  const { smtpPort, smtpHost, webhookSecret, replyDomain, trustedAuthservId, repliesPerMinute } =
    config.inboundMail;
  const local = config.mailRepliesLocal && smtpPort === undefined;
  const on = smtpPort !== undefined || webhookSecret !== undefined || local;
  const addresses = createReplyAddresses(config.tokenSecret, replyDomain);
  app.decorate('replyAddresses', on ? addresses : null);

  const tellRefused = async (target: ReplyTarget, reason: string) => {
    const [person, page] = await Promise.all([deps.personOf(target.userId), deps.pageOf(target)]);
    if (!person || !page) return;
    const { hits } = await deps.rateCounters.hit(
      `inbound-mail-notice:${target.userId}`,
      NOTICE_EVERY_MS,
    );
    if (hits > 1) return;
    const notice = refusalNotice({
      companyName: config.companyName,
      projectTitle: page.title,
      projectUrl: `${config.publicUrl}${page.path}`,
      reason,
    });
    await enqueueEmail(deps.jobs, { to: person.email, ...notice });
  };
  const receiveDeps: ReceiveReplyDeps = {
    addresses,
    personOf: deps.personOf,
    post: deps.post,
    log: app.log,
    authenticate: createMailAuthenticator({
      mta: replyDomain,
      trustedAuthservId,
      resolver: deps.resolver,
    }),
    overLimit: async (sender) =>
      (await deps.rateCounters.hit(`inbound-mail:${sender}`, 60_000)).hits > repliesPerMinute,
    tellRefused,
  };

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
            'thread, 422 with the reason when it is refused for good (the provider need not ' +
            'retry), 429 over the per-sender limit and 503 when the sender cannot be verified ' +
            'for the moment (retry later).',
          response: {
            202: z.object({ accepted: z.literal(true) }),
            422: webhookRefusal,
            429: webhookRefusal,
            503: webhookRefusal,
          },
        },
      },
      async (request, reply) => {
        if (!webhookSecret) throw notFound('Not found');
        const auth = request.headers.authorization ?? '';
        if (!sameSecret(auth.replace(/^Bearer\s+/i, ''), webhookSecret))
          throw unauthorized('The inbound mail secret is missing or wrong');
        if (!Buffer.isBuffer(request.body)) {
          throw badRequest('Send the raw mail (message/rfc822)');
        }
        const outcome: ReceiveOutcome = await receiveReply(receiveDeps, request.body, {
          via: 'webhook',
        });
        if (outcome.accepted) return reply.status(202).send({ accepted: true });
        if (outcome.status !== 'refused') reply.header('retry-after', '60');
        return reply
          .status(WEBHOOK_STATUS[outcome.status])
          .send({ accepted: false, message: outcome.reason });
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
        log: app.log,
        checkRecipient: (address) => checkRecipient(receiveDeps, address),
        receive: (raw, origin) => receiveReply(receiveDeps, raw, origin),
      });
      app.log.info({ port: receiver.port }, 'receiving replies by SMTP');
    });
    app.addHook('onClose', async () => receiver?.close());
  }

  // docs/product.md#reply-by-email: while mail goes to the outbox, replies come from this machine
  // alone (a receiver on 127.0.0.1 at a free port). Nothing can vouch for a sender here, so a
  // connection from this machine is taken as the mailbox's owner, as the outbox is theirs too.
  if (local) {
    let receiver: Awaited<ReturnType<typeof startSmtpReceiver>> | undefined;
    const localDeps: ReceiveReplyDeps = {
      ...receiveDeps,
      authenticate: async (_raw, origin) =>
        origin.via === 'smtp' && isLoopback(origin.ip)
          ? { pass: true, by: 'this machine' }
          : { pass: false, temporary: false, detail: 'not from this machine' },
    };
    app.addHook('onReady', async () => {
      receiver = await startSmtpReceiver({
        port: 0,
        host: '127.0.0.1',
        maxBytes: MAX_MAIL_BYTES,
        log: app.log,
        checkRecipient: (address) => checkRecipient(localDeps, address),
        receive: (raw, origin) => receiveReply(localDeps, raw, origin),
      });
      // Where `npm run mail:reply` finds it.
      await mkdir(config.dataDir, { recursive: true });
      await writeFile(
        path.join(config.dataDir, LOCAL_RECEIVER_FILE),
        JSON.stringify({ host: '127.0.0.1', port: receiver.port }),
      );
      app.log.info(
        { port: receiver.port },
        'replies to the outbox: SMTP on 127.0.0.1 (npm run mail:reply)',
      );
    });
    app.addHook('onClose', async () => receiver?.close());
  }
}

/** Where the local receiver's address is written, in DATA_DIR. */
export const LOCAL_RECEIVER_FILE = 'reply-receiver.json';

const isLoopback = (ip: string) => ip === '127.0.0.1' || ip === '::1';
