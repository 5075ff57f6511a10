import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminLoginRequest,
  changePasswordRequest,
  forgotPasswordRequest,
  loginRequest,
  messageResponse,
  resetPasswordRequest,
  signupRequest,
  tokenResponse,
  verifyEmailRequest,
  verifyEmailResponse,
  verifyTokenResponse,
} from '@noise/shared/auth';
import { apiErrorSchema } from '@noise/shared/api-error';
import { fullNameOf } from '@noise/shared/display-name';
import { signInResponse } from '@noise/shared/two-factor';
import { userSchema } from '@noise/shared/user';
import { notFound } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/auth.ts';
import { toUserDto } from '../users/repository.ts';
import {
  RESET_REQUESTED_MESSAGE,
  resetPassword,
  requestPasswordReset,
  type PasswordResetDeps,
} from './password-reset.ts';
import type { RateCounters } from '../../lib/rate-counter-repository.ts';
import type { AuditRepository } from '../audit/repository.ts';
import type { CompanyRepository } from '../companies/repository.ts';
import { AccountLimitedError, createAccountLimiter } from './account-limit.ts';
import { changePassword } from './change-password.ts';
import { confirmEmailAddress, resendEmailConfirmation } from './verify-email.ts';
import { signIn, signInStaff, signUp, type AuthDeps, type SignInOutcome } from './sign-in.ts';
import { deviceTokenOf, registerTwoFactorRoutes } from './two-factor-routes.ts';

/** A token, or the second step's challenge instead (docs/product.md#two-factor-sign-in). */
const answerOf = (outcome: SignInOutcome) => outcome.challenge ?? { token: outcome.token };

/** What the auth routes are made with (app.ts makes it once: the modules' `ctx.auth`). */
export type AuthRouteDeps = AuthDeps & {
  audit: AuditRepository;
  companies: Pick<CompanyRepository, 'membershipOf'>;
  authRateLimit: number;
  rateCounters: RateCounters;
  reset: PasswordResetDeps;
};

export function registerAuthRoutes(app: FastifyInstance, deps: AuthRouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const rateLimit = { max: deps.authRateLimit, timeWindow: '1 minute' };
  // Failed sign-ins per account from any address; customer and staff sign-in share the count.
  const accounts = createAccountLimiter(deps.rateCounters, deps.config.signInAccountLimit);

  r.post(
    '/api/auth/signup',
    {
      config: { access: 'public', rateLimit },
      schema: {
        summary: 'Sign up: a customer account and a sign-in token',
        tags: ['auth'],
        body: signupRequest,
        response: { 201: tokenResponse.extend({ user: userSchema }) },
      },
    },
    async (request, reply) => {
      const { user, token } = await signUp({ ...deps, repos: deps.reset.repos }, request.body);
      request.log.info({ userId: user.id, ip: request.ip, event: 'signup' }, 'account created');
      const name = fullNameOf(user) || user.email;
      void app.notifier.toStaff({
        kind: 'new-customer',
        title: `New customer: ${name}`,
        body: `${name} (${user.email}) created an account.`,
        link: `/wkm-dashboard/customers/edit/${user.id}`,
      });
      return reply.status(201).send({ token, user: toUserDto(user) });
    },
  );

  r.post(
    '/api/auth/login',
    {
      config: { access: 'public', rateLimit },
      schema: {
        summary: 'Sign a customer in by email or username and password',
        tags: ['auth'],
        body: loginRequest,
        response: { 200: signInResponse },
      },
    },
    async (request) => {
      try {
        const outcome = await signIn(deps, accounts, {
          ...request.body,
          deviceToken: deviceTokenOf(request),
        });
        request.log.info(
          {
            userId: outcome.user.id,
            ip: request.ip,
            event: 'login',
            second: outcome.challenge?.twoFactor,
          },
          outcome.token ? 'signed in' : 'password accepted; second step due',
        );
        return answerOf(outcome);
      } catch (error) {
        request.log.info(
          {
            event: 'login_failed',
            login: request.body.username,
            ip: request.ip,
            reason: error instanceof AccountLimitedError ? 'account_limited' : 'credentials',
          },
          'sign-in refused',
        );
        throw error;
      }
    },
  );

  r.post(
    '/api/auth/admin-login',
    {
      config: { access: 'public', rateLimit },
      schema: {
        summary: 'Sign a staff member in',
        tags: ['auth'],
        body: adminLoginRequest,
        response: { 200: signInResponse },
      },
    },
    async (request) => {
      const body = request.body;
      const login = (body.email || body.username)!;
      try {
        const outcome = await signInStaff(deps, accounts, {
          login,
          password: body.password,
          rememberMe: body.rememberMe,
          deviceToken: deviceTokenOf(request),
          ip: request.ip,
        });
        request.log.info(
          {
            userId: outcome.user.id,
            ip: request.ip,
            event: 'staff_login',
            second: outcome.challenge?.twoFactor,
          },
          outcome.token ? 'staff signed in' : 'password accepted; second step due',
        );
        return answerOf(outcome);
      } catch (error) {
        request.log.info(
          {
            event: 'staff_login_failed',
            login,
            ip: request.ip,
            reason: error instanceof AccountLimitedError ? 'account_limited' : 'credentials',
          },
          'staff sign-in refused',
        );
        throw error;
      }
    },
  );

  r.get(
    '/api/auth/verify-token',
    {
      config: { access: 'public', optionalAuth: true },
      schema: {
        summary: 'Whether a sign-in token is still good, and whose it is',
        tags: ['auth'],
        response: { 200: verifyTokenResponse },
      },
    },
    async (request) => ({
      isAuthenticated: request.user !== null,
      userRole: request.user?.role ?? null,
    }),
  );

  r.get(
    '/api/auth/user',
    {
      config: { access: 'authenticated' },
      schema: { summary: 'The signed-in user', tags: ['auth'], response: { 200: userSchema } },
    },
    async (request) => {
      const user = await deps.users.findById(requireUser(request).id);
      if (!user) throw notFound('User not found');
      const membership = await deps.companies.membershipOf(user.id);
      return {
        ...toUserDto(user),
        company: membership
          ? { _id: membership.companyId, name: membership.name, role: membership.role }
          : null,
      };
    },
  );

  r.post(
    '/api/auth/logout',
    {
      config: { access: 'authenticated' },
      schema: {
        summary: 'Sign out: end this session',
        tags: ['auth'],
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await deps.sessions.delete(user.sessionId);
      request.log.info({ userId: user.id, ip: request.ip, event: 'logout' }, 'signed out');
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/api/auth/forgot-password',
    {
      config: { access: 'public', rateLimit },
      schema: {
        summary: 'Mail a password reset link',
        tags: ['auth'],
        body: forgotPasswordRequest,
        response: { 202: messageResponse },
      },
    },
    async (request, reply) => {
      const outcome = await requestPasswordReset(
        { ...deps.reset, rateCounters: deps.rateCounters, users: deps.users },
        request.body.email,
        (work) => void app.afterAnswer.run('password reset mail', work),
      );
      request.log.info({ event: 'password_reset_requested', ...outcome }, 'reset asked');
      return reply.status(202).send({ message: RESET_REQUESTED_MESSAGE });
    },
  );

  r.post(
    '/api/auth/reset-password',
    {
      config: { access: 'public', rateLimit },
      schema: {
        summary: "Choose a new password with a reset link's token",
        tags: ['auth'],
        body: resetPasswordRequest,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      const userId = await resetPassword(
        deps.reset,
        request.body.token,
        request.body.password,
        request.ip,
      );
      request.log.info({ event: 'password_reset', userId }, 'password reset');
      return { message: 'Your password has been changed. You can sign in with it now.' };
    },
  );

  r.post(
    '/api/auth/verify-email',
    {
      config: { access: 'public', optionalAuth: true, rateLimit },
      schema: {
        summary: "Confirm one's email address with the mailed link's token",
        description:
          'The first confirmation starts the account afresh: every other session ends, and what was set up before it (two-factor, invitations, people added) is taken back and listed in `undone`.',
        tags: ['auth'],
        body: verifyEmailRequest,
        response: { 200: verifyEmailResponse },
      },
    },
    async (request) => {
      const outcome = await confirmEmailAddress(
        deps.reset,
        request.body.token,
        request.user,
        request.ip,
      );
      request.log.info(
        { event: 'email_verified', undone: outcome.undone.length },
        'email confirmed',
      );
      return outcome;
    },
  );

  r.post(
    '/api/auth/verify-email/resend',
    {
      config: { access: 'authenticated' },
      schema: {
        summary: 'Mail the signed-in person a new link to confirm their email address',
        tags: ['auth'],
        response: { 200: messageResponse, 409: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) =>
      resendEmailConfirmation(
        { ...deps.reset, rateCounters: deps.rateCounters },
        requireUser(request).id,
      ),
  );

  r.put(
    '/api/users/password',
    {
      config: {
        access: 'authenticated',
        // Per account, not per address: the current password must not be guessable by a holder
        // of a stolen token from many addresses.
        rateLimit: {
          max: 10,
          timeWindow: '1 minute',
          keyGenerator: (request: FastifyRequest) => request.user?.id ?? request.ip,
        },
      },
      schema: {
        summary: "Change one's password (other sessions end)",
        tags: ['users'],
        body: changePasswordRequest,
        response: { 200: tokenResponse },
      },
    },
    async (request) => {
      const { id } = requireUser(request);
      const { currentPassword, newPassword } = request.body;
      const token = await changePassword(deps, id, currentPassword, newPassword);
      request.log.info({ userId: id, event: 'password_changed' }, 'password changed');
      return { token };
    },
  );

  registerTwoFactorRoutes(app, deps);
}
