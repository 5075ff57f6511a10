import { promises as dns } from 'node:dns';
import type { DNSResolver } from 'mailauth';

/** mailauth, loaded when a reply arrives, not at every start (docs/performance.md#server-start). */
const mailauth = () => import('mailauth');

/** How a mail reached us: the built-in receiver knows the connection, a webhook does not. */
export type MailOrigin =
  | { via: 'smtp'; ip: string; helo: string; sender: string }
  | { via: 'webhook'; authenticationResults: string[] };

export type AuthVerdict =
  { pass: true; by: string } | { pass: false; temporary: boolean; detail: string };

export type MailAuthenticator = (
  raw: Buffer,
  origin: MailOrigin,
  fromDomain: string,
) => Promise<AuthVerdict>;

interface Checks {
  dmarc?: string;
  /** Domains of passing DKIM signatures aligned with the From domain. */
  dkimAligned: string[];
  /** The domain SPF passed for (the envelope sender's, or HELO's for a bounce). */
  spfPass?: string;
  /** A DNS lookup failed for the moment: the same mail may pass later. */
  temporary: boolean;
}

/** `domain` is `from` or a subdomain of it: either way it answers to the From domain's owner. */
const within = (domain: string, from: string) => domain === from || domain.endsWith(`.${from}`);

/**
 * The policy of decision 061: DMARC decides when the From domain publishes it (a pass is taken,
 * a fail is refused whatever its p=); without a DMARC record an aligned DKIM signature or an SPF
 * pass for the From domain (or a subdomain of it) is needed. Nothing passing is a refusal, and
 * only a DNS failure of the moment is worth the sender's retry.
 */
export function verdictOf(checks: Checks, fromDomain: string): AuthVerdict {
  const from = fromDomain.toLowerCase();
  if (!from) return { pass: false, temporary: false, detail: 'no From domain' };
  if (checks.dmarc === 'pass') return { pass: true, by: 'dmarc' };
  if (checks.dmarc === 'fail') return { pass: false, temporary: false, detail: 'dmarc=fail' };
  if (checks.dmarc === 'temperror')
    return { pass: false, temporary: true, detail: 'dmarc=temperror' };
  if (checks.dkimAligned.length > 0) return { pass: true, by: 'dkim' };
  if (checks.spfPass && within(checks.spfPass.toLowerCase(), from))
    return { pass: true, by: 'spf' };
  return {
    pass: false,
    temporary: checks.temporary,
    detail: `dmarc=${checks.dmarc ?? 'none'}, no aligned spf or dkim pass`,
  };
}

const temporaryIn = (...results: (string | undefined)[]) => results.includes('temperror');

/**
 * Checks that a reply comes from its From domain's mail servers (SPF, DKIM, DMARC). Over SMTP,
 * mailauth checks the connection itself. A webhook's mail was received by the provider:
 * with MAIL_INBOUND_TRUSTED_AUTHSERV_ID its Authentication-Results header is read; without, only
 * what survives the hop is checked, DKIM signatures and DMARC through them. `resolver` is DNS in
 * production; tests give fixed records.
 */
export function createMailAuthenticator(options: {
  /** The receiving host's name, written in mailauth's own results. */
  mta: string;
  trustedAuthservId: string | undefined;
  resolver?: DNSResolver;
}): MailAuthenticator {
  // mailauth asks for TXT records only (SPF, DKIM keys, DMARC) and an A/MX record now and then.
  const resolver: DNSResolver =
    options.resolver ?? ((name, type) => dns.resolve(name, type) as ReturnType<DNSResolver>);

  async function bySmtp(raw: Buffer, origin: Extract<MailOrigin, { via: 'smtp' }>) {
    const { authenticate } = await mailauth();
    const result = await authenticate(raw, {
      ip: origin.ip,
      helo: origin.helo,
      sender: origin.sender,
      mta: options.mta,
      resolver,
      // ARC vouches for mail forwarded on the way, and BIMI draws logos: neither says who wrote it.
      disableArc: true,
      disableBimi: true,
    });
    const spf = result.spf ? result.spf.status.result : undefined;
    const dmarcResult = result.dmarc ? result.dmarc.status.result : undefined;
    return {
      dmarc: dmarcResult,
      dkimAligned: alignedDkim(result.dkim.results),
      spfPass: spf === 'pass' && result.spf ? result.spf.domain : undefined,
      temporary: temporaryIn(spf, ...result.dkim.results.map((r) => r.status.result)),
    };
  }

  async function byDkimAlone(raw: Buffer): Promise<Checks> {
    const { dkimVerify, dmarc } = await mailauth();
    const dkim = await dkimVerify(raw, { resolver });
    const passing = dkim.results.filter((r) => r.status.result === 'pass');
    const policy = await dmarc({
      headerFrom: dkim.headerFrom,
      spfDomains: [],
      dkimDomains: passing.map((r) => ({
        id: r.id,
        domain: r.signingDomain,
        aligned: r.status.aligned,
        underSized: r.status.underSized,
      })),
      resolver,
    } as Parameters<typeof dmarc>[0]);
    return {
      dmarc: policy ? policy.status.result : undefined,
      dkimAligned: alignedDkim(dkim.results),
      temporary: temporaryIn(...dkim.results.map((r) => r.status.result)),
    };
  }

  return async (raw, origin, fromDomain) => {
    if (origin.via === 'smtp') return verdictOf(await bySmtp(raw, origin), fromDomain);
    if (options.trustedAuthservId) {
      return verdictOf(
        fromAuthenticationResults(
          origin.authenticationResults,
          options.trustedAuthservId,
          fromDomain,
        ),
        fromDomain,
      );
    }
    return verdictOf(await byDkimAlone(raw), fromDomain);
  };
}

/** mailauth aligns a passing signature with From relaxed, through the Public Suffix List. */
function alignedDkim(
  results: { status: { result: string; aligned?: string | boolean }; signingDomain?: string }[],
) {
  return results
    .filter((r) => r.status.result === 'pass' && r.status.aligned && r.signingDomain)
    .map((r) => r.signingDomain!);
}

/**
 * What the provider's Authentication-Results header says (RFC 8601), when the topmost one is its
 * own: a header lower down, or one naming another server, may have been written by the sender.
 * A header without a trusted one on top counts as no check at all.
 */
export function fromAuthenticationResults(
  headers: string[],
  trustedAuthservId: string,
  fromDomain: string,
): Checks {
  const from = fromDomain.toLowerCase();
  const none: Checks = { dkimAligned: [], temporary: false };
  const [top] = headers;
  if (!top) return none;
  const [authserv = '', ...resinfos] = splitOutside(stripComments(top.replace(/\r?\n/g, ' ')), ';');
  // The authserv-id may carry a version after it ("mx.example.com 1").
  if (authserv.trim().split(/\s+/)[0]?.toLowerCase() !== trustedAuthservId.toLowerCase()) {
    return none;
  }
  const checks: Checks = { ...none };
  for (const resinfo of resinfos) {
    const [head, ...props] = resinfo.trim().split(/\s+/);
    const [method = '', result = ''] = (head ?? '').toLowerCase().split('=');
    const prop = (name: string) =>
      props
        .find((p) => p.toLowerCase().startsWith(`${name}=`))
        ?.slice(name.length + 1)
        .replace(/^"|"$/g, '')
        .toLowerCase();
    if (result === 'temperror') checks.temporary = true;
    // A verdict about another From (a second From header) says nothing of this one.
    const about = prop('header.from');
    if (method === 'dmarc' && checks.dmarc === undefined && (!about || about === from)) {
      checks.dmarc = result;
    }
    if (method === 'dkim' && result === 'pass') {
      // Without the Public Suffix List only the From domain and its subdomains count as aligned.
      const domain = prop('header.d') ?? prop('header.i')?.split('@').pop();
      if (domain && within(domain, from)) checks.dkimAligned.push(domain);
    }
    if (method === 'spf' && result === 'pass') {
      const mailfrom = prop('smtp.mailfrom');
      checks.spfPass ??= mailfrom?.split('@').pop();
    }
  }
  return checks;
}

/** RFC 8601 values may hold comments in parentheses (nested), which carry no results. */
function stripComments(value: string): string {
  let depth = 0;
  let out = '';
  for (const char of value) {
    if (char === '(') depth++;
    else if (char === ')' && depth > 0) depth--;
    else if (depth === 0) out += char;
  }
  return out;
}

function splitOutside(value: string, separator: string): string[] {
  const parts: string[] = [];
  let quoted = false;
  let current = '';
  for (const char of value) {
    if (char === '"') quoted = !quoted;
    if (char === separator && !quoted) {
      parts.push(current);
      current = '';
    } else current += char;
  }
  parts.push(current);
  return parts.filter((p) => p.trim());
}
