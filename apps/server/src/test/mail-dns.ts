import { generateKeyPairSync } from 'node:crypto';
import { dkimSign, type DNSResolver } from 'mailauth';

/** What a resolver answers for a name nobody published: mailauth reads it as "no record". */
const noRecord = (name: string) =>
  Object.assign(new Error(`no record for ${name}`), { code: 'ENOTFOUND' });

/** A resolver that knows no names: API tests never reach real DNS (test/app.ts). */
export const offlineResolver: DNSResolver = async (name) => {
  throw noRecord(name);
};

export interface MailDomain {
  /** The SPF record; `ip4:127.0.0.1` lets a test's own connection pass. */
  spf?: string;
  /** The DMARC record; none when unset. */
  dmarc?: string;
  /** Publish a DKIM key (selector `test`) that `sign` signs with. */
  dkim?: boolean;
}

/**
 * The DNS of a few mail domains, for replies that must pass SPF, DKIM and DMARC without a
 * network: a resolver with fixed TXT records, and DKIM signing with the keys it publishes.
 */
export function createMailDns(domains: Record<string, MailDomain>) {
  const records = new Map<string, string[][]>();
  const keys = new Map<string, string>();
  for (const [domain, setup] of Object.entries(domains)) {
    if (setup.spf) records.set(domain, [[setup.spf]]);
    if (setup.dmarc) records.set(`_dmarc.${domain}`, [[setup.dmarc]]);
    if (setup.dkim) {
      const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const der = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
      records.set(`test._domainkey.${domain}`, [[`v=DKIM1; k=rsa; p=${der}`]]);
      keys.set(domain, privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
    }
  }
  const resolver: DNSResolver = async (name, type) => {
    const found = type === 'TXT' ? records.get(name.toLowerCase()) : undefined;
    if (!found) throw noRecord(name);
    return found;
  };
  return {
    resolver,
    /** `raw` with a DKIM-Signature of `domain` (d=) on top. */
    async sign(raw: Buffer, domain: string): Promise<Buffer> {
      const privateKey = keys.get(domain);
      if (!privateKey) throw new Error(`no DKIM key for ${domain}`);
      // mailauth signs what `signatureData` lists; its type declarations name flat options.
      // Without a signTime it reads the clock (rounded to a second) once for the header it signs
      // and again for the one it writes: across a half second the two differ, and the signature
      // fails to verify (about one mail in a hundred on a loaded machine).
      const options = {
        signTime: new Date(),
        signatureData: [{ signingDomain: domain, selector: 'test', privateKey }],
      };
      const signed = await dkimSign(raw, options as unknown as Parameters<typeof dkimSign>[1]);
      if (!signed.signatures) throw new Error(`no DKIM signature made for ${domain}`);
      if (signed.errors.length) throw new Error(`DKIM signing failed: ${signed.errors.join(', ')}`);
      return Buffer.concat([Buffer.from(signed.signatures), raw]);
    },
  };
}
