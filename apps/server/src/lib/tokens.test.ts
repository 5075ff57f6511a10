import { describe, expect, it } from 'vitest';
import { createTokenSigner } from './tokens.ts';

const claims = { sub: 'user-1', sid: 'session-1', ver: 3 };

describe('the token signer', () => {
  it('answers a verified token again from memory, until it expires', async () => {
    let clock = Date.UTC(2026, 10, 29, 9, 0, 0);
    const signer = createTokenSigner('a-secret-of-at-least-32-characters!!', () => clock);
    const token = await signer.sign(claims, new Date(clock + 60_000));
    expect(await signer.verify(token)).toEqual(claims);
    expect(await signer.verify(token)).toEqual(claims);
    clock += 61_000;
    expect(await signer.verify(token)).toBeNull();
  });

  it('never takes a token signed with another secret, or one changed on the way', async () => {
    const signer = createTokenSigner('a-secret-of-at-least-32-characters!!');
    const other = createTokenSigner('another-secret-of-at-least-32-chars!');
    const token = await signer.sign(claims, new Date(Date.now() + 60_000));
    expect(await signer.verify(token)).toEqual(claims);
    expect(await other.verify(token)).toBeNull();
    const [head, body, signature] = token.split('.');
    const changed = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), sub: 'user-2' }),
    ).toString('base64url');
    expect(await signer.verify(`${head}.${changed}.${signature}`)).toBeNull();
  });
});
