import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { exportPKCS8, generateKeyPair, jwtVerify, SignJWT } from 'jose';
import { OAuth2Server } from 'oauth2-mock-server';
import { generate } from 'otplib';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { authCodes, oauthAccounts, oauthStates, users } from '../../db/schema.ts';
import { loadConfig } from '../../config.ts';
import { createTestApp } from '../../test/app.ts';
import { bearer, createUser } from '../../test/factories.ts';
import { createUserRepository } from '../users/repository.ts';

/** The attributes of a Set-Cookie header after its name=value, in any order. */
const cookieAttributes = (header: string) => new Set(header.split('; ').slice(1));

// A local OpenID provider standing in for Google and Apple.
const issuer = new OAuth2Server();
await issuer.issuer.keys.generate('RS256');
await issuer.start(0, '127.0.0.1');
afterAll(() => issuer.stop());
const issuerUrl = issuer.issuer.url!;

/** Claims the next ID tokens carry (sub, email, email_verified...). */
let claims: Record<string, unknown> = {};
issuer.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
  Object.assign(token.payload, claims);
});
beforeEach(() => {
  claims = {};
});

// A local stand-in for Facebook's dialog, token and Graph /me endpoints. Like Facebook's, the
// token endpoint takes its parameters as a form POST, and /me the token as a bearer header.
let facebookProfile: Record<string, unknown> = {};
const facebookCalls: string[] = [];
const facebook = http.createServer(async (req, res) => {
  const url = new URL(req.url!, 'http://127.0.0.1');
  facebookCalls.push(url.pathname + url.search);
  let form = '';
  for await (const chunk of req) form += String(chunk);
  res.setHeader('content-type', 'application/json');
  if (url.pathname === '/oauth/access_token' && req.method === 'POST') {
    const params = new URLSearchParams(form);
    const ok =
      params.get('code') === 'fb-code' &&
      params.get('client_secret') === 'fb-secret' &&
      (params.get('code_verifier') ?? '').length >= 43;
    if (!ok) {
      res.statusCode = 400;
      res.end(JSON.stringify({ error: { message: 'bad code' } }));
      return;
    }
    res.end(JSON.stringify({ access_token: 'fb-access', token_type: 'bearer' }));
    return;
  }
  if (url.pathname === '/me' && req.headers.authorization === 'Bearer fb-access') {
    res.end(JSON.stringify(facebookProfile));
    return;
  }
  res.statusCode = 404;
  res.end('{}');
});
await new Promise<void>((resolve) => facebook.listen(0, '127.0.0.1', resolve));
afterAll(() => new Promise<void>((resolve) => facebook.close(() => resolve())));
const facebookUrl = `http://127.0.0.1:${(facebook.address() as AddressInfo).port}`;

const appleKey = await generateKeyPair('ES256', { extractable: true });

const { app, config } = await createTestApp({
  companyName: 'Noise Test',
  publicUrl: 'https://agency.example',
  oauth: {
    google: { clientId: 'google-client', clientSecret: 'google-secret', issuer: issuerUrl },
    facebook: {
      appId: 'fb-app',
      appSecret: 'fb-secret',
      authUrl: `${facebookUrl}/dialog/oauth`,
      tokenUrl: `${facebookUrl}/oauth/access_token`,
      userinfoUrl: `${facebookUrl}/me`,
    },
    apple: {
      clientId: 'apple-client',
      teamId: 'TEAM123',
      keyId: 'KEY123',
      privateKey: await exportPKCS8(appleKey.privateKey),
      issuer: issuerUrl,
    },
  },
});
const { db } = app.database;
const bare = await createTestApp();
// A stand-in build of the web app, for the headers of its pages.
const dist = mkdtempSync(path.join(os.tmpdir(), 'noise-web-'));
writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
afterAll(() => rmSync(dist, { recursive: true, force: true }));
const web = await createTestApp({ webDistDir: dist });
const logLines: string[] = [];
const logged = await createTestApp(
  {
    publicUrl: 'https://agency.example',
    oauth: { google: { clientId: 'google-client', clientSecret: 's', issuer: issuerUrl } },
  },
  {
    logger: true,
    logStream: new Writable({
      write(chunk, _enc, done) {
        logLines.push(String(chunk));
        done();
      },
    }),
  },
);
const userRepo = createUserRepository(db);

async function countUsers() {
  return (await db.select({ id: users.id }).from(users)).length;
}

/** GET a start route: the provider address and the browser cookie it set. */
async function start(provider: 'google' | 'facebook' | 'apple', url = `/api/auth/${provider}`) {
  const res = await app.inject({ url });
  expect(res.statusCode).toBe(302);
  const setCookie = String(res.headers['set-cookie']);
  const cookie = setCookie.split(';')[0]!;
  return { res, location: new URL(String(res.headers.location)), cookie, setCookie };
}

/** What the browser does at the provider: it comes back with code and state. */
async function authorize(location: URL) {
  const res = await fetch(location, { redirect: 'manual' });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!);
}

/** Starts Google sign-in, consents at the provider, and returns the callback's answer. */
async function googleSignIn(next: Record<string, unknown>) {
  claims = next;
  const { location, cookie } = await start('google');
  const back = await authorize(location);
  expect(back.origin + back.pathname).toBe('https://agency.example/api/auth/google/callback');
  return app.inject({ url: back.pathname + back.search, headers: { cookie } });
}

type Answer = Awaited<ReturnType<typeof app.inject>>;

/** What /auth-success does: exchange the one-time code, with the cookie of this browser. */
async function exchange(res: Answer, on = app) {
  const url = new URL(String(res.headers.location));
  expect(url.origin + url.pathname).toBe('https://agency.example/auth-success');
  expect(url.searchParams.get('token')).toBeNull();
  const cookie = [res.headers['set-cookie']]
    .flat()
    .map(String)
    .find((c) => c.startsWith('auth_code='))!
    .split(';')[0]!;
  return on.inject({
    method: 'POST',
    url: '/api/auth/exchange',
    headers: { cookie },
    payload: { code: url.searchParams.get('code') },
  });
}

async function tokenFrom(res: Answer, on = app): Promise<string> {
  const answer = await exchange(res, on);
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['cache-control']).toBe('no-store');
  return answer.json<{ token: string }>().token;
}

describe('starting a sign-in', () => {
  it('redirects to the provider with state, nonce and an S256 PKCE challenge', async () => {
    const { res, location, setCookie } = await start('google');
    expect(location.origin).toBe(issuerUrl);
    expect(location.pathname).toBe('/authorize');
    const q = location.searchParams;
    expect(q.get('client_id')).toBe('google-client');
    expect(q.get('response_type')).toBe('code');
    expect(q.get('redirect_uri')).toBe('https://agency.example/api/auth/google/callback');
    expect(q.get('scope')).toBe('openid email profile');
    expect(q.get('state')).toMatch(/^[\w-]{43}$/);
    expect(q.get('nonce')).toMatch(/^[\w-]{43}$/);
    expect(q.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(setCookie).toMatch(/^oauth_google=[\w-]{43}; /);
    expect(cookieAttributes(setCookie)).toEqual(
      new Set(['Path=/api/auth', 'Max-Age=600', 'HttpOnly', 'SameSite=Lax', 'Secure']),
    );
    // The state is stored as a hash only.
    const rows = await db.select().from(oauthStates);
    expect(rows.some((row) => row.stateHash === q.get('state'))).toBe(false);
  });

  it('Apple asks for a form post and its cookie survives a cross-site POST', async () => {
    const { location, setCookie } = await start('apple');
    expect(location.searchParams.get('response_mode')).toBe('form_post');
    expect(location.searchParams.get('scope')).toBe('name email');
    expect(cookieAttributes(setCookie)).toEqual(
      new Set(['Path=/api/auth', 'Max-Age=600', 'HttpOnly', 'SameSite=None', 'Secure']),
    );
  });

  // docs/product.md#google-facebook-and-apple names /auth/facebook, without the /api prefix.
  it('/auth/facebook starts Facebook like /api/auth/facebook', async () => {
    for (const url of ['/auth/facebook', '/api/auth/facebook']) {
      const { location } = await start('facebook', url);
      expect(location.origin + location.pathname).toBe(`${facebookUrl}/dialog/oauth`);
      expect(location.searchParams.get('client_id')).toBe('fb-app');
      expect(location.searchParams.get('scope')).toBe('email,public_profile');
      expect(location.searchParams.get('code_challenge_method')).toBe('S256');
      expect(location.searchParams.get('state')).toBeTruthy();
    }
  });
});

describe('the callback refuses what it did not start', () => {
  it('a wrong state: 400 page with a link back, and nobody is created', async () => {
    claims = { sub: 'g-wrong-state', email: 'wrong-state@example.com', email_verified: true };
    const before = await countUsers();
    const { location, cookie } = await start('google');
    const back = await authorize(location);
    back.searchParams.set('state', 'not-the-state-we-sent-at-all-not-the-state');
    const res = await app.inject({ url: back.pathname + back.search, headers: { cookie } });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('<h1>This sign-in link is no longer valid</h1>');
    expect(res.body).toContain('<a href="/">Back to Noise Test</a>');
    expect(res.body).not.toMatch(/<script/i);
    expect(res.headers.location).toBeUndefined();
    expect(await countUsers()).toBe(before);
    expect(await userRepo.findByEmail('wrong-state@example.com')).toBeUndefined();
  });

  it('a missing state, and a state used once already', async () => {
    expect((await app.inject({ url: '/api/auth/google/callback?code=x' })).statusCode).toBe(400);

    claims = { sub: 'g-replay', email: 'replay@example.com', email_verified: true };
    const { location, cookie } = await start('google');
    const back = await authorize(location);
    const url = back.pathname + back.search;
    expect((await app.inject({ url, headers: { cookie } })).statusCode).toBe(302);
    const replay = await app.inject({ url, headers: { cookie } });
    expect(replay.statusCode).toBe(400);
    expect(replay.body).toContain('no longer valid');
  });

  it('a callback in another browser (no cookie, or another one) is refused', async () => {
    claims = { sub: 'g-csrf', email: 'csrf@example.com', email_verified: true };
    const { location } = await start('google');
    const back = await authorize(location);
    const other = await start('google');
    const res = await app.inject({
      url: back.pathname + back.search,
      headers: { cookie: other.cookie },
    });
    expect(res.statusCode).toBe(400);
    expect(await userRepo.findByEmail('csrf@example.com')).toBeUndefined();
  });

  it('a malformed cookie header is refused like a missing cookie, not answered with an error', async () => {
    claims = { sub: 'g-garbled', email: 'garbled@example.com', email_verified: true };
    const { location } = await start('google');
    const back = await authorize(location);
    const res = await app.inject({
      url: back.pathname + back.search,
      headers: { cookie: 'oauth_google=%E0%A4%A; =; ;;broken' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('no longer valid');
    expect(await userRepo.findByEmail('garbled@example.com')).toBeUndefined();
  });

  it('an expired state is refused', async () => {
    claims = { sub: 'g-expired', email: 'expired@example.com', email_verified: true };
    const { location, cookie } = await start('google');
    const back = await authorize(location);
    await db.update(oauthStates).set({ expiresAt: new Date(Date.now() - 1000) });
    const res = await app.inject({ url: back.pathname + back.search, headers: { cookie } });
    expect(res.statusCode).toBe(400);
    expect(await userRepo.findByEmail('expired@example.com')).toBeUndefined();
  });

  it('a cancelled consent says so', async () => {
    const { location, cookie } = await start('google');
    const res = await app.inject({
      url: `/api/auth/google/callback?error=access_denied&state=${location.searchParams.get('state')}`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Google sign-in was cancelled');
  });

  it('an ID token for another client, or with another nonce, signs nobody in', async () => {
    const res = await googleSignIn({
      sub: 'g-aud',
      email: 'aud@example.com',
      email_verified: true,
      aud: 'someone-else',
    });
    expect(res.statusCode).toBe(502);
    expect(res.body).toContain('We could not finish signing you in with Google');

    const nonce = await googleSignIn({
      sub: 'g-nonce',
      email: 'nonce@example.com',
      email_verified: true,
      nonce: 'replayed-nonce',
    });
    expect(nonce.statusCode).toBe(502);
    expect(await userRepo.findByEmail('aud@example.com')).toBeUndefined();
    expect(await userRepo.findByEmail('nonce@example.com')).toBeUndefined();
  });

  it("an ID token not signed with the issuer's keys signs nobody in", async () => {
    const { location, cookie } = await start('google');
    const back = await authorize(location);
    // Right issuer, audience and nonce, and the issuer's key id, but another key's signature.
    const forger = await generateKeyPair('RS256');
    const forged = await new SignJWT({
      email: 'forged@example.com',
      email_verified: true,
      nonce: location.searchParams.get('nonce')!,
    })
      .setProtectedHeader({ alg: 'RS256', kid: issuer.issuer.keys.get()!.kid })
      .setIssuer(issuerUrl)
      .setAudience('google-client')
      .setSubject('g-forged')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(forger.privateKey);
    issuer.service.once('beforeResponse', (response: { body: Record<string, unknown> }) => {
      response.body.id_token = forged;
    });
    const res = await app.inject({ url: back.pathname + back.search, headers: { cookie } });
    expect(res.statusCode).toBe(502);
    expect(await userRepo.findByEmail('forged@example.com')).toBeUndefined();
  });
});

describe('Google sign-in', () => {
  it('creates an OAuth customer, answers /auth-success?code= without a referrer, and signs in', async () => {
    const res = await googleSignIn({
      sub: 'google-sub-1',
      email: 'Ada@Example.com',
      email_verified: true,
      given_name: 'Ada',
      family_name: 'Lovelace',
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cache-control']).toBe('no-store');
    const token = await tokenFrom(res);

    const me = await app.inject({ url: '/api/auth/user', headers: bearer(token) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email: 'ada@example.com',
      role: 'client',
      isOAuth: true,
      profile: { firstName: 'Ada', lastName: 'Lovelace' },
    });
    const user = await userRepo.findByEmail('ada@example.com');
    expect(user?.passwordHash).toBeNull();
    const links = await db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, user!.id));
    expect(links).toMatchObject([{ provider: 'google', subject: 'google-sub-1' }]);

    // The second sign-in finds the same person, by subject, even with a changed email.
    const again = await googleSignIn({
      sub: 'google-sub-1',
      email: 'ada.new@example.com',
      email_verified: true,
    });
    const second = await app.inject({
      url: '/api/auth/user',
      headers: bearer(await tokenFrom(again)),
    });
    expect(second.json<{ _id: string }>()._id).toBe(user!.id);
    expect(await userRepo.findByEmail('ada.new@example.com')).toBeUndefined();
  });

  it('an account with two-factor on answers the second step, not a token', async () => {
    const first = await googleSignIn({
      sub: 'google-sub-2fa',
      email: 'two-factor@example.com',
      email_verified: true,
    });
    const token = await tokenFrom(first);
    const setup = await app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/setup',
      headers: bearer(token),
    });
    const code = await generate({ secret: setup.json<{ secret: string }>().secret });
    const confirm = await app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/confirm',
      headers: bearer(token),
      payload: { code },
    });
    expect(confirm.statusCode).toBe(200);

    const again = await googleSignIn({
      sub: 'google-sub-2fa',
      email: 'two-factor@example.com',
      email_verified: true,
    });
    const answer = await exchange(again);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ twoFactor: 'code', ticket: expect.any(String) });
    const asBearer = await app.inject({
      url: '/api/auth/user',
      headers: bearer(answer.json<{ ticket: string }>().ticket),
    });
    expect(asBearer.statusCode).toBe(401);
  });

  it('an account without an email from the provider is not created', async () => {
    const res = await googleSignIn({ sub: 'google-no-email' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Google did not share an email address');
  });
});

describe('an existing account with the same email is never taken over', () => {
  it('a password account: no token, a link ticket; linking needs its password', async () => {
    const owner = await createUser(app, { email: 'owner@example.com' });
    const res = await googleSignIn({
      sub: 'google-owner',
      email: 'owner@example.com',
      email_verified: true,
    });
    expect(res.statusCode).toBe(302);
    const location = new URL(String(res.headers.location));
    expect(location.origin + location.pathname).toBe('https://agency.example/sign-in-link');
    expect(location.searchParams.get('provider')).toBe('google');
    expect(location.searchParams.get('token')).toBeNull();
    const ticket = location.searchParams.get('ticket')!;
    expect(ticket).toMatch(/^[\w-]{43}$/);
    expect(
      await db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, owner.user.id)),
    ).toEqual([]);

    const preview = await app.inject({
      method: 'POST',
      url: '/api/auth/oauth/link/preview',
      payload: { ticket },
    });
    expect(preview.json()).toEqual({
      provider: 'google',
      email: 'owner@example.com',
      method: 'password',
    });

    // Without proving the password, or as somebody else: refused.
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/auth/oauth/link',
      payload: { ticket },
    });
    expect(anonymous.statusCode).toBe(401);
    const stranger = await createUser(app);
    const wrongUser = await app.inject({
      method: 'POST',
      url: '/api/auth/oauth/link',
      payload: { ticket },
      headers: bearer(stranger.token),
    });
    expect(wrongUser.statusCode).toBe(403);
    // Still not linked: Google sign-in offers the link again rather than signing in.
    const retry = await googleSignIn({
      sub: 'google-owner',
      email: 'owner@example.com',
      email_verified: true,
    });
    expect(String(retry.headers.location)).toContain('/sign-in-link?');

    // The owner signs in with the password and completes the link.
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'owner@example.com', password: owner.password },
    });
    const linked = await app.inject({
      method: 'POST',
      url: '/api/auth/oauth/link',
      payload: { ticket },
      headers: bearer(login.json<{ token: string }>().token),
    });
    expect(linked.statusCode).toBe(200);
    expect(linked.json()).toMatchObject({ provider: 'google' });
    // Single use.
    const reuse = await app.inject({
      method: 'POST',
      url: '/api/auth/oauth/link',
      payload: { ticket },
      headers: bearer(linked.json<{ token: string }>().token),
    });
    expect(reuse.statusCode).toBe(400);

    // From now on Google signs the owner in; the account keeps its password.
    const after = await googleSignIn({
      sub: 'google-owner',
      email: 'owner@example.com',
      email_verified: true,
    });
    const me = await app.inject({
      url: '/api/auth/user',
      headers: bearer(await tokenFrom(after)),
    });
    expect(me.json()).toMatchObject({ _id: owner.user.id, isOAuth: false });
  });

  it('an unverified email offers no link at all', async () => {
    await createUser(app, { email: 'unverified@example.com' });
    const res = await googleSignIn({
      sub: 'google-unverified',
      email: 'unverified@example.com',
      email_verified: false,
    });
    expect(res.statusCode).toBe(409);
    expect(res.body).toContain('An account with this email already exists');
    expect(res.headers.location).toBeUndefined();
  });

  it('an account without a password gets the link by email; the mailed link completes it', async () => {
    const user = await userRepo.insertIfEmailFree({
      email: 'nopassword@example.com',
      passwordHash: null,
      isOAuth: true,
      firstName: 'Nora',
    });
    const res = await googleSignIn({
      sub: 'google-nopassword',
      email: 'nopassword@example.com',
      email_verified: true,
    });
    expect(res.headers.location).toBe('https://agency.example/sign-in-link?provider=google&sent=1');
    const outbox = path.join(config.dataDir, 'outbox');
    const mail = readdirSync(outbox)
      .filter((file) => file.endsWith('.eml'))
      .map((file) => readFileSync(path.join(outbox, file), 'utf8'))
      .find((text) => text.includes('To: nopassword@example.com'));
    expect(mail).toContain('Add Google sign-in to your Noise Test account');
    const ticket = /sign-in-link\?ticket=([\w-]+)/.exec(
      mail!.replace(/=\r?\n/g, '').replace(/=3D/g, '='),
    )![1]!;
    const linked = await app.inject({
      method: 'POST',
      url: '/api/auth/oauth/link',
      payload: { ticket },
    });
    expect(linked.statusCode).toBe(200);
    const me = await app.inject({
      url: '/api/auth/user',
      headers: bearer(linked.json<{ token: string }>().token),
    });
    expect(me.json<{ _id: string }>()._id).toBe(user!.id);
  });
});

describe('Facebook sign-in (OAuth 2, profile from /me)', () => {
  async function facebookSignIn(profile: Record<string, unknown>) {
    facebookProfile = profile;
    const { location, cookie } = await start('facebook', '/auth/facebook');
    const state = location.searchParams.get('state')!;
    return app.inject({
      url: `/api/auth/facebook/callback?code=fb-code&state=${state}`,
      headers: { cookie },
    });
  }

  it('creates a customer from the profile and reads /me with the app secret proof', async () => {
    const res = await facebookSignIn({
      id: 'fb-1',
      name: 'Grace Hopper',
      email: 'grace@example.com',
      first_name: 'Grace',
      last_name: 'Hopper',
    });
    expect(res.statusCode).toBe(302);
    const token = await tokenFrom(res);
    const me = await app.inject({ url: '/api/auth/user', headers: bearer(token) });
    expect(me.json()).toMatchObject({
      email: 'grace@example.com',
      isOAuth: true,
      profile: { firstName: 'Grace', lastName: 'Hopper' },
    });
    const meCall = facebookCalls.find((call) => call.startsWith('/me?'))!;
    expect(meCall).toContain('fields=id%2Cname%2Cemail%2Cfirst_name%2Clast_name');
    expect(meCall).toMatch(/appsecret_proof=[0-9a-f]{64}/);
  });

  it('an existing account with the email is not linked (Facebook does not verify emails for us)', async () => {
    await createUser(app, { email: 'fb-taken@example.com' });
    const res = await facebookSignIn({ id: 'fb-2', name: 'Taken', email: 'fb-taken@example.com' });
    expect(res.statusCode).toBe(409);
  });

  it('a failed code exchange shows a retry page and creates nobody', async () => {
    facebookProfile = { id: 'fb-3', email: 'fb-fail@example.com' };
    const { location, cookie } = await start('facebook');
    const res = await app.inject({
      url: `/api/auth/facebook/callback?code=wrong&state=${location.searchParams.get('state')}`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(502);
    expect(await userRepo.findByEmail('fb-fail@example.com')).toBeUndefined();
  });
});

describe('Apple sign-in (form post callback)', () => {
  it('accepts the POSTed code, verifies the ID token and takes the name from the user field', async () => {
    claims = { sub: 'apple-1', email: 'tim@example.com', email_verified: 'true' };
    const { location, cookie } = await start('apple');
    const back = await authorize(location);
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/apple/callback',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        code: back.searchParams.get('code')!,
        state: back.searchParams.get('state')!,
        user: JSON.stringify({ name: { firstName: 'Tim', lastName: 'Apple' } }),
      }).toString(),
    });
    expect(res.statusCode).toBe(302);
    const me = await app.inject({
      url: '/api/auth/user',
      headers: bearer(await tokenFrom(res)),
    });
    expect(me.json()).toMatchObject({
      email: 'tim@example.com',
      isOAuth: true,
      profile: { firstName: 'Tim', lastName: 'Apple' },
    });
  });

  it('takes the form as Apple posts it, with its own id_token field beside the code', async () => {
    claims = { sub: 'apple-3', email: 'apple-form@example.com', email_verified: 'true' };
    const { location, cookie } = await start('apple');
    const back = await authorize(location);
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/apple/callback',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        state: back.searchParams.get('state')!,
        code: back.searchParams.get('code')!,
        // The ID token the token endpoint answers is the one verified; this one is not read.
        id_token: 'eyJhbGciOiJub25lIn0.e30.',
      }).toString(),
    });
    expect(res.statusCode).toBe(302);
    expect(String(res.headers.location)).toContain('/auth-success?code=');
  });

  it('authenticates at the token endpoint with a short client secret signed by the team key', async () => {
    claims = { sub: 'apple-2', email: 'apple-secret@example.com', email_verified: 'true' };
    let clientSecret = '';
    issuer.service.once(
      'beforeResponse',
      (_response: unknown, req: { body: Record<string, string> }) => {
        clientSecret = req.body.client_secret ?? '';
      },
    );
    const { location, cookie } = await start('apple');
    const back = await authorize(location);
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/apple/callback',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        code: back.searchParams.get('code')!,
        state: back.searchParams.get('state')!,
      }).toString(),
    });
    expect(res.statusCode).toBe(302);
    const { payload, protectedHeader } = await jwtVerify(clientSecret, appleKey.publicKey, {
      issuer: 'TEAM123',
      subject: 'apple-client',
      audience: issuerUrl,
    });
    expect(protectedHeader).toMatchObject({ alg: 'ES256', kid: 'KEY123' });
    expect(payload.exp! - payload.iat!).toBe(300);
  });
});

describe('providers without keys', () => {
  it('/api/config says which providers are available', async () => {
    const full = await app.inject({ url: '/api/config' });
    expect(full.json().oauthProviders).toEqual({ google: true, facebook: true, apple: true });
    const none = await bare.app.inject({ url: '/api/config' });
    expect(none.json().oauthProviders).toEqual({ google: false, facebook: false, apple: false });
  });

  it('start and callback routes answer the not-available page', async () => {
    for (const url of ['/api/auth/google', '/auth/facebook', '/api/auth/apple/callback?state=x']) {
      const res = await bare.app.inject({ url });
      expect(res.statusCode).toBe(503);
      expect(res.body).toContain('sign-in is not available yet');
    }
  });
});

describe('logs', () => {
  it('never carry the code, state or tokens', async () => {
    claims = { sub: 'g-logs', email: 'logs@example.com', email_verified: true };
    const first = await logged.app.inject({ url: '/api/auth/google' });
    const cookie = String(first.headers['set-cookie']).split(';')[0]!;
    const back = await authorize(new URL(String(first.headers.location)));
    const res = await logged.app.inject({ url: back.pathname + back.search, headers: { cookie } });
    const token = await tokenFrom(res, logged.app);
    const text = logLines.join('\n');
    expect(text).toContain('"event":"oauth_login"');
    expect(text).not.toContain(back.searchParams.get('code')!);
    expect(text).not.toContain(back.searchParams.get('state')!);
    expect(text).not.toContain(token);
  });

  it('name a refusal of the token endpoint by its code, never with the rest of its answer', async () => {
    claims = { sub: 'g-refused', email: 'refused@example.com', email_verified: true };
    const first = await logged.app.inject({ url: '/api/auth/google' });
    const cookie = String(first.headers['set-cookie']).split(';')[0]!;
    const back = await authorize(new URL(String(first.headers.location)));
    issuer.service.once('beforeResponse', (response: { body: unknown; statusCode: number }) => {
      response.statusCode = 400;
      response.body = {
        error: 'invalid_grant',
        error_description: 'code already used',
        echo: 'client_secret=echoed-secret-value',
      };
    });
    const res = await logged.app.inject({
      url: back.pathname + back.search,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(502);
    expect(res.body).toContain('We could not finish signing you in with Google');
    const failed = logLines.filter((line) => line.includes('"event":"oauth_failed"')).at(-1);
    expect(failed).toContain('[400] invalid_grant: code already used');
    expect(logLines.join('\n')).not.toContain('echoed-secret-value');
  });
});

describe('the code of /auth-success', () => {
  it('works once, only in the browser that began the sign-in, and only for a short while', async () => {
    const first = await googleSignIn({
      sub: 'g-code',
      email: 'code@example.com',
      email_verified: true,
    });
    // Another browser (no cookie, or its own cookie) gets nothing: a crafted link signs nobody in.
    const url = new URL(String(first.headers.location));
    const stranger = await app.inject({
      method: 'POST',
      url: '/api/auth/exchange',
      headers: { cookie: 'auth_code=someone-elses-browser-cookie-value' },
      payload: { code: url.searchParams.get('code') },
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().message).toMatch(/opened in another browser/);
    // Refused once, the code is spent, even for its own browser.
    expect((await exchange(first)).statusCode).toBe(400);

    const second = await googleSignIn({
      sub: 'g-code',
      email: 'code@example.com',
      email_verified: true,
    });
    expect(await tokenFrom(second)).toEqual(expect.any(String));
    expect((await exchange(second)).statusCode).toBe(400);

    const late = await googleSignIn({
      sub: 'g-code',
      email: 'code@example.com',
      email_verified: true,
    });
    await db.update(authCodes).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await exchange(late)).statusCode).toBe(400);
  });
});

describe('the pages that carry a secret in their address', () => {
  it('are served with Referrer-Policy: no-referrer; other pages keep the default', async () => {
    for (const url of [
      '/auth-success?token=abc',
      '/reset-password?token=abc',
      '/sign-in-link?ticket=abc',
    ]) {
      const res = await web.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
    const home = await web.app.inject({ url: '/dashboard' });
    expect(home.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});

describe('configuration', () => {
  it('names the missing keys of a half-configured provider', () => {
    expect(() =>
      loadConfig({ TOKEN_SECRET: 'x'.repeat(48), DATA_DIR: dist, APPLE_CLIENT_ID: 'a' }),
    ).toThrow(/APPLE_TEAM_ID: required when APPLE_CLIENT_ID is set/);
    const config = loadConfig({
      TOKEN_SECRET: 'x'.repeat(48),
      DATA_DIR: dist,
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
    });
    expect(config.oauth.google).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      issuer: 'https://accounts.google.com',
    });
    expect(config.oauth.facebook).toBeUndefined();
  });
});
