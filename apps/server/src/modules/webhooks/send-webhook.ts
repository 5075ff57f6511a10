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

/** The addresses a host name has: the system's resolver, or a test's fixed answers. */
export type ResolveHost = (host: string) => Promise<{ address: string; family: number }[]>;
const systemResolver: ResolveHost = (host) => lookup(host, { all: true });

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
  resolve: ResolveHost = systemResolver,
): Promise<{ problem: string } | { address: string; family: number }> {
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) {
    return { problem: 'The address must start with https://' };
  }
  let found: { address: string; family: number }[];
  try {
    found = await resolve(url.hostname.replace(/^\[|\]$/g, ''));
  } catch {
    return { problem: `${url.hostname} could not be found` };
  }
  if (found.length === 0) return { problem: `${url.hostname} could not be found` };
  if (!allowPrivate) {
    const inner = found.find(({ address }) => !isPublicAddress(address));
    if (inner) {
      return { problem: `${url.hostname} is a private or local address (${inner.address})` };
    }
  }
  return found[0]!;
}

/** IPv6 ranges whose last 32 bits are an IPv4 address that a connection to them reaches. */
const LAST_32_BITS_IPV4 = [
  // IPv4-compatible (deprecated, yet Linux still routes ::7f00:1 to 127.0.0.1).
  ipaddr.parseCIDR('::/96'),
  // IPv4-mapped, and its translated form (SIIT, RFC 6145).
  ipaddr.parseCIDR('::ffff:0:0/96'),
  ipaddr.parseCIDR('::ffff:0:0:0/96'),
  // NAT64's well-known prefix (RFC 6052): the network's translator connects to the IPv4 inside.
  ipaddr.parseCIDR('64:ff9b::/96'),
];
const SIX_TO_FOUR = ipaddr.parseCIDR('2002::/16');
/** Everything routed on the public internet is in 2000::/3; the rest is local or special. */
const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');

/** The IPv4 address an IPv6 address carries and reaches, or null when it carries none. */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const bytes = address.toByteArray();
  if (LAST_32_BITS_IPV4.some((range) => address.match(range))) {
    return new ipaddr.IPv4(bytes.slice(12, 16));
  }
  // 6to4: a relay sends it on to the IPv4 address in bits 16 to 48.
  if (address.match(SIX_TO_FOUR)) return new ipaddr.IPv4(bytes.slice(2, 6));
  return null;
}

/**
 * Whether an endpoint may be called at this address: a public unicast address, judged after the
 * IPv4 address inside an IPv6 form is taken out (so '::7f00:1', '::ffff:a9fe:a9fe',
 * '64:ff9b::10.0.0.1' or '2002:7f00:1::' count as the loopback, metadata or private IPv4
 * addresses they reach). Whatever ipaddr.js does not call 'unicast' is refused: the local-use
 * NAT64 prefix 64:ff9b:1::/48 (its IPv4 may sit anywhere, and it is a private network's
 * translator), Teredo, documentation and benchmarking ranges; so is IPv6 outside 2000::/3.
 */
export function isPublicAddress(address: string): boolean {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address);
  } catch {
    return false;
  }
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    const inner = embeddedIPv4(v6);
    if (inner) return inner.range() === 'unicast';
    return v6.range() === 'unicast' && v6.match(GLOBAL_UNICAST);
  }
  return parsed.range() === 'unicast';
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
  resolve?: ResolveHost;
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
      checkWebhookAddress(url, input.allowPrivate, input.resolve),
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
