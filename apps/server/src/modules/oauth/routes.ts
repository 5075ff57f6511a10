import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signInResponse, twoFactorChallenge } from '@noise/shared/two-factor';
import type { Repositories } from '../../repositories.ts';
import type { Mailer } from '../../plugins/mailer.ts';
import type { AuthDeps } from '../auth/sign-in.ts';
import { deviceTokenOf } from '../auth/two-factor-routes.ts';
import type { Notifier } from '../notifications/notifier.ts';
import { sendBrowserAnswer } from './browser-answer.ts';
import { completeLink } from './complete-link.ts';
import { AUTH_CODE_COOKIE, AUTH_CODE_PATH, exchangeAuthCode } from './exchange-auth-code.ts';
import { finishSignIn } from './finish-sign-in.ts';
import { OAUTH_PROVIDERS } from './message-pages.ts';
import { previewLink } from './preview-link.ts';
import { createProviderClients } from './providers.ts';
import type { OAuthProviderName } from './repository.ts';
import { startSignIn, stateCookie } from './start-sign-in.ts';

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
const callbackParams = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
  iss: z.string().max(2048).optional(),
  user: z.string().max(4096).optional(),
  // Apple's form carries an ID token too; the one verified is the token endpoint's.
  id_token: z.string().max(8192).optional(),
});

export interface OAuthRouteDeps extends AuthDeps {
  repos: Repositories;
  mailer: Mailer;
  notifier: Notifier;
  authRateLimit: number;
}

/**
 * Google, Facebook and Apple sign-in (docs/decisions/040): the authorization code flow with a
 * single-use state kept in the database, PKCE, a nonce checked in the ID token, and a cookie
 * binding the flow to its browser. /auth/facebook (no /api prefix) starts Facebook too
 * (docs/product.md#google-facebook-and-apple).
 */
export function registerOAuthRoutes(app: FastifyInstance, routeDeps: OAuthRouteDeps) {
  const { config } = routeDeps;
  const oauth = routeDeps.repos.oauth;
  const deps = { ...routeDeps, oauth, clients: createProviderClients(config.oauth) };
  const rateLimit = { max: deps.authRateLimit, timeWindow: '1 minute' };
  const secure = config.publicUrl.startsWith('https://');

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
      async (request, reply) =>
        sendBrowserAnswer(reply, await startSignIn(deps, provider, request.log), config),
    );
  }

  for (const provider of PROVIDERS) {
    r.get(
      `/api/auth/${provider}/callback`,
      {
        config: { access: 'public', rateLimit },
        schema: {
          tags: ['auth'],
          summary: `${OAUTH_PROVIDERS[provider]} sign-in callback`,
          hide: true,
          querystring: callbackParams,
        },
      },
      async (request, reply) => {
        const browser = request.cookies[stateCookie(provider).name];
        const answer = await finishSignIn(deps, provider, request.query, browser, request.log);
        return sendBrowserAnswer(reply, answer, config);
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
          body: callbackParams,
        },
      },
      async (request, reply) => {
        const browser = request.cookies[stateCookie('apple').name];
        const answer = await finishSignIn(deps, 'apple', request.body, browser, request.log);
        return sendBrowserAnswer(reply, answer, config);
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
      const browser = request.cookies[AUTH_CODE_COOKIE];
      reply.clearCookie(AUTH_CODE_COOKIE, {
        path: AUTH_CODE_PATH,
        httpOnly: true,
        sameSite: 'lax',
        secure,
      });
      const input = { code: request.body.code, browser, deviceToken: deviceTokenOf(request) };
      return exchangeAuthCode(deps, input, request.log);
    },
  );

  r.post(
    '/api/auth/oauth/link/preview',
    {
      config: { access: 'public', rateLimit },
      schema: {
        summary: "What linking a provider's sign-in to an account would do",
        tags: ['auth'],
        body: linkTicketRequest,
        response: { 200: linkPreviewResponse },
      },
    },
    async (request) => previewLink(oauth, request.body.ticket),
  );

  r.post(
    '/api/auth/oauth/link',
    {
      config: { access: 'public', optionalAuth: true, rateLimit },
      schema: {
        summary: "Link a provider's sign-in to an existing account",
        tags: ['auth'],
        body: linkTicketRequest,
        response: { 200: linkResponse },
      },
    },
    async (request) => {
      const input = {
        ticket: request.body.ticket,
        caller: request.user,
        deviceToken: deviceTokenOf(request),
      };
      return completeLink(deps, input, request.log);
    },
  );
}
