import { randomBytes } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import ipaddr from 'ipaddr.js';
import { Webhook } from 'standardwebhooks';

/** How long an endpoint may take to answer; a slower one counts as down. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** What is read of an endpoint's answer: enough for an error message, never 10 MB. */
const MAX_ANSWER_BYTES = 16 * 1024;

/** A new signing secret in the Standard Webhooks form: `whsec_` and 24 random bytes, base64. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

export type SendResult =
  | { ok: true; status: number }
  /** `cutShort`: stopped by the caller's signal, not the endpoint's doing. */
  | { ok: false; status: number | null; error: string; cutShort?: true };

/**
 * Why an endpoint's address may not be called, or null: outside development only https, and
 * never a host that resolves to a loopback, private, link-local or otherwise non-public address
 * (the server's own network, a cloud's metadata service). Answers the address to connect to, so
 * the request goes where was checked (a name that resolves elsewhere a moment later does not).
 */
export async function checkWebhookAddress(
  url: URL,
  allowPrivate: boolean,
): Promise<{ problem: string } | { address: string; family: number }> {
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) {
    return { problem: 'The address must start with https://' };
  }
  let found: { address: string; family: number }[];
  try {
    found = await lookup(url.hostname.replace(/^\[|\]$/g, ''), { all: true });
  } catch {
    return { problem: `${url.hostname} could not be found` };
  }
  if (found.length === 0) return { problem: `${url.hostname} could not be found` };
  if (!allowPrivate) {
    const inner = found.find(({ address }) => {
      const parsed = ipaddr.process(address);
      return parsed.range() !== 'unicast';
    });
    if (inner) {
      return { problem: `${url.hostname} is a private or local address (${inner.address})` };
    }
  }
  return found[0]!;
}

/**
 * Posts one signed message to an endpoint (Standard Webhooks: `webhook-id`, `webhook-timestamp`,
 * `webhook-signature`). Any 2xx is delivered; a redirect is not followed (it is a failure, so an
 * endpoint cannot send us elsewhere). WEBHOOK_TIMEOUT_MS bounds the whole of it, looking up the
 * name included: an endpoint that answers a byte at a time cannot hold a lane's slot for longer.
 * `signal` (the runner stopping) cuts it short: the answer is then `cutShort`.
 */
export async function sendWebhook(input: {
  url: string;
  secret: string;
  messageId: string;
  payload: Record<string, unknown>;
  allowPrivate: boolean;
  now?: Date;
  timeoutMs?: number;
  signal?: AbortSignal;
}): Promise<SendResult> {
  const timeoutMs = input.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), timeoutMs);
  const signal = input.signal ? AbortSignal.any([input.signal, deadline.signal]) : deadline.signal;
  const stopped = (): SendResult =>
    input.signal?.aborted
      ? { ok: false, status: null, error: 'The delivery was cut short', cutShort: true }
      : {
          ok: false,
          status: null,
          error: `The endpoint did not answer within ${timeoutMs % 1000 ? `${timeoutMs} ms` : `${timeoutMs / 1000} seconds`}`,
        };
  try {
    if (signal.aborted) return stopped();
    const url = new URL(input.url);
    const checked = await Promise.race([
      checkWebhookAddress(url, input.allowPrivate),
      new Promise<null>((resolve) =>
        signal.addEventListener('abort', () => resolve(null), { once: true }),
      ),
    ]);
    if (checked === null) return stopped();
    if ('problem' in checked) return { ok: false, status: null, error: checked.problem };
    return await post(url, checked, input, signal, stopped);
  } finally {
    clearTimeout(timer);
  }
}

function post(
  url: URL,
  checked: { address: string; family: number },
  input: { secret: string; messageId: string; payload: Record<string, unknown>; now?: Date },
  signal: AbortSignal,
  stopped: () => SendResult,
): Promise<SendResult> {
  const body = JSON.stringify(input.payload);
  const at = input.now ?? new Date();
  const headers = {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(body)),
    'user-agent': 'noise-webhooks/1',
    'webhook-id': input.messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(input.secret).sign(input.messageId, at, body),
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers,
        // Connect to the address that was checked, whatever the name resolves to now.
        lookup: (_host, options, done) => {
          if ((options as { all?: boolean }).all) {
            (done as (e: null, a: { address: string; family: number }[]) => void)(null, [checked]);
          } else done(null, checked.address, checked.family);
        },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= MAX_ANSWER_BYTES) chunks.push(chunk);
          else response.destroy();
        });
        const finish = () => {
          if (signal.aborted && !response.complete) return resolve(stopped());
          if (status >= 200 && status < 300) return resolve({ ok: true, status });
          const said = Buffer.concat(chunks).toString('utf8').slice(0, 200).trim();
          resolve({
            ok: false,
            status,
            error: `The endpoint answered ${status}${said ? `: ${said}` : ''}`,
          });
        };
        response.on('end', finish);
        response.on('close', finish);
        response.on('error', finish);
      },
    );
    const abort = () => {
      request.destroy();
      resolve(stopped());
    };
    if (signal.aborted) abort();
    else signal.addEventListener('abort', abort, { once: true });
    request.on('close', () => signal.removeEventListener('abort', abort));
    request.on('error', (error) =>
      resolve(
        signal.aborted
          ? stopped()
          : { ok: false, status: null, error: `Could not reach the endpoint: ${error.message}` },
      ),
    );
    request.end(body);
  });
}
