import { errors, jwtVerify, SignJWT } from 'jose';

export interface TokenClaims {
  /** user id */
  sub: string;
  /** session id */
  sid: string;
  /** the user's token version when the token was made */
  ver: number;
}

const ISSUER = 'noise-agency';

/** Tokens whose signature was checked, kept so a session's next requests skip the check. */
const VERIFIED_KEPT = 10_000;

export function createTokenSigner(secret: string, now: () => number = Date.now) {
  const key = new TextEncoder().encode(secret);
  /**
   * Each token verified, with its claims and when it expires: every request of a session sends
   * the same token, and checking its signature again (WebCrypto's HMAC, asynchronous) was a
   * twentieth of a read's time on the server (docs/performance.md). Only a token that verified is
   * kept, until it expires; whether its session still stands is asked every time (plugins/auth.ts).
   * The oldest kept goes first once there are VERIFIED_KEPT.
   */
  const verified = new Map<string, { claims: TokenClaims; expiresAtMs: number }>();
  return {
    async sign(claims: TokenClaims, expiresAt: Date): Promise<string> {
      return new SignJWT({ sid: claims.sid, ver: claims.ver })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(expiresAt)
        .sign(key);
    },
    /** The claims of a valid token, or null for a forged, expired or malformed one. */
    async verify(token: string): Promise<TokenClaims | null> {
      const kept = verified.get(token);
      if (kept) {
        if (kept.expiresAtMs > now()) return kept.claims;
        verified.delete(token);
      }
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          currentDate: new Date(now()),
        });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
        if (typeof payload.ver !== 'number' || typeof payload.exp !== 'number') return null;
        const claims = { sub: payload.sub, sid: payload.sid, ver: payload.ver };
        if (verified.size >= VERIFIED_KEPT) verified.delete(verified.keys().next().value!);
        verified.set(token, { claims, expiresAtMs: payload.exp * 1000 });
        return claims;
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}
export type TokenSigner = ReturnType<typeof createTokenSigner>;
