import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, badRequest, conflict, forbidden, unauthorized } from '../../lib/errors.ts';
import {
  OAUTH_PROVIDERS,
  renderMessagePage,
  sendOAuthUnavailable,
  type MessagePage,
} from '../auth/oauth-unavailable.ts';
import { finishFirstStep, issueToken } from '../auth/sign-in.ts';
import { deviceTokenOf } from '../auth/two-factor-routes.ts';
import { signInResponse, twoFactorChallenge } from '@noise/shared/two-factor';
import { createProviderClients, ProviderError, type ProviderClient } from './providers.ts';
import { createOAuthRepository, type OAuthProviderName } from './repository.ts';
import { signInWithProvider, type ProviderSignInDeps } from './sign-in-with-provider.ts';
import { hashSecret, newSecret } from '../../lib/secrets.ts';

/** How long a started sign-in waits for the provider's answer. */
export const STATE_TTL_MINUTES = 10;
/** How long the browser has to exchange the code of /auth-success?code= for its token. */
export const AUTH_CODE_TTL_SECONDS = 120;
/** The cookie that binds a sign-in's code to the browser that began it. */
const AUTH_CODE_COOKIE = 'auth_code';
const AUTH_CODE_PATH = '/api/auth/exchange';
const CODE_SPENT =
  'This sign-in link has expired, was already used, or was opened in another browser. Please sign in again.';

const PROVIDERS: OAuthProviderName[] = ['google', 'facebook', 'apple'];

export const linkTicketRequest = z.object({ ticket: z.string().min(20).max(200) });
export const linkPreviewResponse = z.object({
  provider: z.enum(['google', 'facebook', 'apple']),
  email: z.string(),
  method: z.enum(['password', 'email']),
});
const linkResponse = z.union([
  z.object({ token: z.string(), provider: z.string() }),
  twoFactorChallenge.extend({ provider: z.string() }),
]);

const LINK_EXPIRED =
  'This link has expired or was already used. Please sign in with the provider again.';

export interface OAuthRouteDeps extends Omit<ProviderSignInDeps, 'oauth' | 'mailer'> {
  db: Parameters<typeof createOAuthRepository>[0];
  authRateLimit: number;
}

/** The cookie that ties a started sign-in to the browser that started it (login CSRF). */
function cookieName(provider: OAuthProviderName) {
  return `oauth_${provider}`;
}

const challengeOf = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/**
 * Google, Facebook and Apple sign-in: the authorization code flow with a single-use state kept in
 * the database (any process can finish what another started), PKCE, a nonce checked in the ID
 * token, and a cookie binding the flow to its browser. /auth/facebook (no /api prefix) starts
 * Facebook too (docs/product.md#google-facebook-and-apple).
 */
export function registerOAuthRoutes(app: FastifyInstance, deps: OAuthRouteDeps) {
  const { config } = deps;
  const oauth = createOAuthRepository(deps.db);
  const signInDeps: ProviderSignInDeps = { ...deps, oauth, mailer: app.mailer };
  const clients = createProviderClients(config.oauth);
  const secure = config.publicUrl.startsWith('https://');
  const rateLimit = { max: deps.authRateLimit, timeWindow: '1 minute' };
  const redirectUri = (provider: OAuthProviderName) =>
    `${config.publicUrl}/api/auth/${provider}/callback`;

  function sendPage(reply: FastifyReply, status: number, page: MessagePage) {
    return reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(renderMessagePage(page, config.companyName));
  }

  const backHome = { href: '/', text: `Back to ${config.companyName}` };

  async function start(provider: OAuthProviderName, reply: FastifyReply) {
    const client = clients[provider];
    if (!client) return sendOAuthUnavailable(reply, provider, config.companyName);
    const state = newSecret();
    const codeVerifier = newSecret();
    const nonce = newSecret();
    const browser = newSecret();
    const expiresAt = new Date(Date.now() + STATE_TTL_MINUTES * 60_000);
    let location: string;
    try {
      location = await client.authorizationUrl({
        state,
        codeChallenge: challengeOf(codeVerifier),
        nonce,
        redirectUri: redirectUri(provider),
      });
    } catch (error) {
      reply.log.warn(
        { event: 'oauth_failed', provider, reason: (error as Error).message },
        'start failed',
      );
      return sendPage(reply, 502, providerDown(provider));
    }
    await oauth.saveState({ state, provider, codeVerifier, nonce, browser, expiresAt });
    // Apple answers with a cross-site form POST, which carries only SameSite=None cookies.
    const sameSite = provider === 'apple' && secure ? 'none' : 'lax';
    return reply
      .setCookie(cookieName(provider), browser, {
        path: '/api/auth',
        maxAge: STATE_TTL_MINUTES * 60,
        httpOnly: true,
        sameSite,
        secure,
      })
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .redirect(location, 302);
  }

  function providerDown(provider: OAuthProviderName): MessagePage {
    const name = OAUTH_PROVIDERS[provider];
    return {
      heading: `We could not finish signing you in with ${name}`,
      body: `${name} did not answer as expected. Please try again in a moment, or sign in with your email address.`,
      link: backHome,
    };
  }

  async function callback(
    provider: OAuthProviderName,
    client: ProviderClient,
    params: Record<string, string | undefined>,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const name = OAUTH_PROVIDERS[provider];
    reply
      .clearCookie(cookieName(provider), {
        path: '/api/auth',
        httpOnly: true,
        sameSite: 'lax',
        secure,
      })
      .header('referrer-policy', 'no-referrer');
    const refuse = (reason: string, page: MessagePage, status = 400) => {
      request.log.info({ event: 'oauth_refused', provider, reason }, 'provider sign-in refused');
      return sendPage(reply, status, page);
    };
    const startAgain: MessagePage = {
      heading: 'This sign-in link is no longer valid',
      body: `It has expired, was already used, or was started in another browser. Please start again with ${name}.`,
      link: backHome,
    };

    const stored = params.state ? await oauth.takeState(params.state, provider) : undefined;
    if (!stored) return refuse(params.state ? 'unknown_state' : 'missing_state', startAgain);
    const browser = request.cookies[cookieName(provider)];
    if (!browser || hashSecret(browser) !== stored.browserHash) {
      return refuse('browser_mismatch', startAgain);
    }
    if (params.error || !params.code) {
      return refuse(params.error ? `provider_error:${params.error.slice(0, 40)}` : 'missing_code', {
        heading: `${name} sign-in was cancelled`,
        body: 'Nothing was changed. You can try again, or sign in with your email address.',
        link: backHome,
      });
    }

    let identity;
    try {
      identity = await client.exchange({
        code: params.code,
        codeVerifier: stored.codeVerifier,
        nonce: stored.nonce,
        redirectUri: redirectUri(provider),
        appleUser: params.user,
      });
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      request.log.warn(
        { event: 'oauth_failed', provider, reason: error.message },
        'provider sign-in failed',
      );
      return sendPage(reply, 502, providerDown(provider));
    }

    const outcome = await signInWithProvider(signInDeps, provider, identity);
    switch (outcome.kind) {
      case 'signed-in': {
        const { user, created } = outcome;
        request.log.info({ event: 'oauth_login', provider, userId: user.id, created }, 'signed in');
        if (created) {
          const who = `${user.firstName} ${user.lastName}`.trim() || user.email;
          void app.notifier.toStaff({
            kind: 'new-customer',
            title: `New customer: ${who}`,
            body: `${who} (${user.email}) created an account with ${name}.`,
            link: `/wkm-dashboard/customers/edit/${user.id}`,
          });
        }
        // The address carries a one-time code, not a token: the app exchanges it, from this
        // browser only (its cookie), so a link made by someone else signs nobody in.
        const code = newSecret();
        const browser = newSecret();
        await oauth.saveAuthCode({
          code,
          userId: user.id,
          browser,
          expiresAt: new Date(Date.now() + AUTH_CODE_TTL_SECONDS * 1000),
        });
        return reply
          .setCookie(AUTH_CODE_COOKIE, browser, {
            path: AUTH_CODE_PATH,
            maxAge: AUTH_CODE_TTL_SECONDS,
            httpOnly: true,
            sameSite: 'lax',
            secure,
          })
          .header('cache-control', 'no-store')
          .redirect(`${config.publicUrl}/auth-success?code=${encodeURIComponent(code)}`, 302);
      }
      case 'link-password':
        request.log.info(
          { event: 'oauth_link_offered', provider, userId: outcome.userId, method: 'password' },
          'link offered',
        );
        return reply
          .header('cache-control', 'no-store')
          .redirect(
            `${config.publicUrl}/sign-in-link?provider=${provider}&ticket=${encodeURIComponent(outcome.ticket)}`,
            302,
          );
      case 'link-email-sent':
        request.log.info(
          { event: 'oauth_link_offered', provider, userId: outcome.userId, method: 'email' },
          'link mailed',
        );
        return reply
          .header('cache-control', 'no-store')
          .redirect(`${config.publicUrl}/sign-in-link?provider=${provider}&sent=1`, 302);
      case 'email-unverified':
        return refuse(
          'email_unverified',
          {
            heading: 'An account with this email already exists',
            body: `Please sign in with your email address and password. ${name} did not confirm that this email address is yours, so we cannot connect it to that account.`,
            link: backHome,
          },
          409,
        );
      case 'no-email':
        return refuse('no_email', {
          heading: `${name} did not share an email address`,
          body: `We need an email address to create your account. Please allow ${name} to share it, or join with your email address.`,
          link: backHome,
        });
    }
  }

  const r = app.withTypeProvider<ZodTypeProvider>();
  const startRoutes: [string, OAuthProviderName][] = [
    ['/api/auth/google', 'google'],
    ['/api/auth/facebook', 'facebook'],
    ['/auth/facebook', 'facebook'],
    ['/api/auth/apple', 'apple'],
  ];
  for (const [url, provider] of startRoutes) {
    r.get(
      url,
      {
        config: { access: 'public', rateLimit },
        schema: {
          tags: ['auth'],
          summary: `Start ${OAUTH_PROVIDERS[provider]} sign-in (browser navigation)`,
          hide: !url.startsWith('/api'),
        },
      },
      async (_request, reply) => start(provider, reply),
    );
  }

  const callbackQuery = z.object({
    code: z.string().max(2048).optional(),
    state: z.string().max(200).optional(),
    error: z.string().max(200).optional(),
    user: z.string().max(4096).optional(),
  });
  for (const provider of PROVIDERS) {
    const routeOptions = {
      config: { access: 'public' as const, rateLimit },
      schema: {
        tags: ['auth'],
        summary: `${OAUTH_PROVIDERS[provider]} sign-in callback`,
        hide: true,
      },
    };
    r.get(
      `/api/auth/${provider}/callback`,
      { ...routeOptions, schema: { ...routeOptions.schema, querystring: callbackQuery } },
      async (request, reply) => {
        const client = clients[provider];
        if (!client) return sendOAuthUnavailable(reply, provider, config.companyName);
        return callback(provider, client, request.query, request, reply);
      },
    );
  }

  // Apple posts its answer as a form (response_mode=form_post): only this scope parses forms.
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/auth/apple/callback',
      {
        config: { access: 'public', rateLimit },
        schema: {
          tags: ['auth'],
          summary: 'Apple sign-in callback (form post)',
          hide: true,
          body: callbackQuery,
        },
      },
      async (request, reply) => {
        const client = clients.apple;
        if (!client) return sendOAuthUnavailable(reply, 'apple', config.companyName);
        return callback('apple', client, request.body, request, reply);
      },
    );
  });

  r.post(
    AUTH_CODE_PATH,
    {
      config: { access: 'public', rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Exchange the one-time code of /auth-success?code= for a sign-in token',
        body: z.object({ code: z.string().min(20).max(200) }),
        response: { 200: signInResponse },
      },
    },
    async (request, reply) => {
      const userId = await oauth.takeAuthCode(request.body.code, request.cookies[AUTH_CODE_COOKIE]);
      reply.clearCookie(AUTH_CODE_COOKIE, {
        path: AUTH_CODE_PATH,
        httpOnly: true,
        sameSite: 'lax',
        secure,
      });
      const user = userId ? await deps.users.findById(userId) : undefined;
      if (!user) {
        request.log.info({ event: 'oauth_code_refused' }, 'sign-in code refused');
        throw badRequest(CODE_SPENT);
      }
      // A provider is the first step only: an account with two-factor on still answers a code.
      const outcome = await finishFirstStep(deps, user, { deviceToken: deviceTokenOf(request) });
      return outcome.challenge ?? { token: outcome.token };
    },
  );

  r.post(
    '/api/auth/oauth/link/preview',
    {
      config: { access: 'public', rateLimit },
      schema: { tags: ['auth'], body: linkTicketRequest, response: { 200: linkPreviewResponse } },
    },
    async (request) => {
      const ticket = await oauth.findTicket(request.body.ticket);
      if (!ticket) throw badRequest(LINK_EXPIRED);
      return { provider: ticket.provider, email: ticket.email, method: ticket.method };
    },
  );

  /**
   * Completes a link (docs/decisions/040). A password ticket needs the caller signed in to that
   * very account (they proved its password); a mailed ticket proves the mailbox by itself.
   */
  r.post(
    '/api/auth/oauth/link',
    {
      config: { access: 'public', optionalAuth: true, rateLimit },
      schema: { tags: ['auth'], body: linkTicketRequest, response: { 200: linkResponse } },
    },
    async (request) => {
      const ticket = await oauth.findTicket(request.body.ticket);
      if (!ticket) throw badRequest(LINK_EXPIRED);
      if (ticket.method === 'password') {
        if (!request.user) throw unauthorized('Sign in with your password to connect this account');
        if (request.user.id !== ticket.userId) {
          throw forbidden('Sign in to the account with that email address to connect it');
        }
      }
      const result = await oauth.redeemTicket(request.body.ticket);
      if (result === 'spent') throw badRequest(LINK_EXPIRED);
      if (result === 'taken') {
        throw conflict(
          `This ${OAUTH_PROVIDERS[ticket.provider]} account, or another one, is already connected.`,
        );
      }
      const user = await deps.users.findById(ticket.userId);
      if (!user) throw new AppError('not_found', 404, 'Account not found');
      request.log.info(
        {
          event: 'oauth_linked',
          provider: ticket.provider,
          userId: user.id,
          method: ticket.method,
        },
        'identity linked',
      );
      // A password ticket's caller is signed in to this very account, second step and all; a
      // mailed link proves the mailbox only, so it is a first step like a provider's.
      if (ticket.method === 'password') {
        return { token: await issueToken(deps, user), provider: ticket.provider };
      }
      const outcome = await finishFirstStep(deps, user, { deviceToken: deviceTokenOf(request) });
      return { ...(outcome.challenge ?? { token: outcome.token }), provider: ticket.provider };
    },
  );
}
