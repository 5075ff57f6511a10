import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tokenResponse } from '@noise/shared/auth';
import { isStaffRole } from '@noise/shared/roles';
import {
  disableTwoFactorRequest,
  recoveryCodesResponse,
  regenerateRecoveryCodesRequest,
  setupTicketConfirmRequest,
  setupTicketConfirmResponse,
  setupTicketRequest,
  twoFactorConfirmRequest,
  twoFactorPolicy,
  twoFactorSetupResponse,
  twoFactorSignInRequest,
  twoFactorStatus,
} from '@noise/shared/two-factor';
import { displayNameOf } from '@noise/shared/user';
import { notFound, unauthorized } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/auth.ts';
import type { AuditRepository } from '../audit/repository.ts';
import type { UserRow } from '../users/repository.ts';
import { issueToken, recordStaffSignIn, type AuthDeps } from './sign-in.ts';
import { TRUSTED_DEVICE_DAYS } from './two-factor.ts';

/** The HttpOnly cookie of 'Remember this device for 30 days'; only sign-in routes read it. */
export const DEVICE_COOKIE = 'two_factor_device';
const DEVICE_COOKIE_PATH = '/api/auth';

/** The device cookie the sign-in request carried, if any. */
export const deviceTokenOf = (request: FastifyRequest) => request.cookies[DEVICE_COOKIE];

const idParams = z.object({ id: z.string().min(1).max(64) });

/**
 * Two-factor sign-in (docs/product.md#two-factor-sign-in): the second step of a sign-in, the
 * set-up staff must do when it is required, the caller's own set-up and turning off, and the
 * super-admin's policy and reset. Codes are counted per account (modules/auth/two-factor.ts).
 */
export function registerTwoFactorRoutes(
  app: FastifyInstance,
  deps: AuthDeps & { audit: AuditRepository; authRateLimit: number },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { twoFactor } = deps;
  const rateLimit = { max: deps.authRateLimit, timeWindow: '1 minute' };
  const secure = deps.config.publicUrl.startsWith('https://');
  const tags = ['two-factor'];

  async function userOf(id: string): Promise<UserRow> {
    const user = await deps.users.findById(id);
    if (!user) throw unauthorized('This sign-in has expired. Please sign in again.');
    return user;
  }

  const nameOf = (user: UserRow) => displayNameOf(user) || user.email;

  /** Staff turning their own two-factor on or off is in the audit log, as their sign-ins are. */
  async function recordOwnChange(ip: string, user: UserRow, on: boolean) {
    if (!isStaffRole(user.role)) return;
    await deps.audit.record({
      actorId: user.id,
      actorName: nameOf(user),
      action: on ? 'auth.two_factor_enabled' : 'auth.two_factor_disabled',
      entityType: 'user',
      entityId: user.id,
      subjectUserId: user.id,
      summary: on ? 'Turned on two-factor sign-in' : 'Turned off two-factor sign-in',
      ip,
      apiKey: null,
    });
  }

  r.post(
    '/api/auth/two-factor',
    {
      config: { access: 'public', rateLimit },
      schema: {
        tags,
        summary: 'The second step of a sign-in: a code or a recovery code for the ticket',
        body: twoFactorSignInRequest,
        response: { 200: tokenResponse },
      },
    },
    async (request, reply) => {
      const { ticket, code, rememberDevice } = request.body;
      let result;
      try {
        result = await twoFactor.completeSignIn(ticket, code);
      } catch (error) {
        request.log.info(
          { event: 'two_factor_failed', ip: request.ip, reason: (error as Error).name },
          'second step refused',
        );
        throw error;
      }
      const user = await userOf(result.userId);
      if (rememberDevice) {
        reply.setCookie(DEVICE_COOKIE, await twoFactor.trustDevice(user.id), {
          path: DEVICE_COOKIE_PATH,
          maxAge: TRUSTED_DEVICE_DAYS * 24 * 3600,
          httpOnly: true,
          sameSite: 'strict',
          secure,
        });
      }
      if (isStaffRole(user.role)) {
        const how =
          result.kind === 'recovery'
            ? `a recovery code (${result.recoveryCodesLeft} left)`
            : 'a two-factor code';
        await recordStaffSignIn(deps, user, request.ip, `Signed in to the staff area with ${how}`);
      }
      request.log.info(
        { event: 'two_factor_login', userId: user.id, ip: request.ip, kind: result.kind },
        'signed in',
      );
      return { token: await issueToken(deps, user, { rememberMe: result.rememberMe }) };
    },
  );

  r.post(
    '/api/auth/two-factor/setup-ticket',
    {
      config: { access: 'public', rateLimit },
      schema: {
        tags,
        summary: 'Start the set-up a staff member must do to sign in (set-up ticket)',
        body: setupTicketRequest,
        response: { 200: twoFactorSetupResponse },
      },
    },
    async (request) => {
      const user = await userOf(await twoFactor.setupTicketUser(request.body.ticket));
      return twoFactor.beginSetup(user);
    },
  );

  r.post(
    '/api/auth/two-factor/setup-ticket/confirm',
    {
      config: { access: 'public', rateLimit },
      schema: {
        tags,
        summary: 'Confirm that set-up with a code: the recovery codes and a sign-in token',
        body: setupTicketConfirmRequest,
        response: { 200: setupTicketConfirmResponse },
      },
    },
    async (request) => {
      const { ticket, code } = request.body;
      const user = await userOf(await twoFactor.setupTicketUser(ticket));
      const recoveryCodes = await twoFactor.confirmSetup(user.id, code);
      const { rememberMe } = await twoFactor.spendSetupTicket(ticket);
      await recordOwnChange(request.ip, user, true);
      await recordStaffSignIn(
        deps,
        user,
        request.ip,
        'Signed in to the staff area after setting up two-factor sign-in',
      );
      return { token: await issueToken(deps, user, { rememberMe }), recoveryCodes };
    },
  );

  r.get(
    '/api/auth/two-factor/status',
    {
      config: { access: 'authenticated' },
      schema: {
        summary: "Whether one's two-factor sign-in is on",
        tags,
        response: { 200: twoFactorStatus },
      },
    },
    async (request) => twoFactor.status(requireUser(request)),
  );

  r.post(
    '/api/auth/two-factor/setup',
    {
      config: { access: 'authenticated', rateLimit, provenEmail: true },
      schema: {
        summary: 'Start setting up two-factor sign-in (secret and QR code)',
        tags,
        response: { 200: twoFactorSetupResponse },
      },
    },
    async (request) => twoFactor.beginSetup(await userOf(requireUser(request).id)),
  );

  r.post(
    '/api/auth/two-factor/confirm',
    {
      config: { access: 'authenticated', rateLimit, provenEmail: true },
      schema: {
        summary: 'Turn two-factor sign-in on with a first code',
        tags,
        body: twoFactorConfirmRequest,
        response: { 200: recoveryCodesResponse },
      },
    },
    async (request) => {
      const caller = requireUser(request);
      const recoveryCodes = await twoFactor.confirmSetup(caller.id, request.body.code);
      await recordOwnChange(caller.ip, await userOf(caller.id), true);
      return { recoveryCodes };
    },
  );

  r.post(
    '/api/auth/two-factor/disable',
    {
      config: { access: 'authenticated', rateLimit },
      schema: {
        summary: "Turn one's two-factor sign-in off",
        tags,
        body: disableTwoFactorRequest,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const caller = requireUser(request);
      const user = await userOf(caller.id);
      await twoFactor.disable(user, request.body);
      await recordOwnChange(caller.ip, user, false);
      request.log.info({ event: 'two_factor_disabled', userId: user.id }, 'two-factor off');
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/api/auth/two-factor/recovery-codes',
    {
      config: { access: 'authenticated', rateLimit },
      schema: {
        tags,
        summary: 'New recovery codes (the old ones stop working)',
        body: regenerateRecoveryCodesRequest,
        response: { 200: recoveryCodesResponse },
      },
    },
    async (request) => {
      const caller = requireUser(request);
      return {
        recoveryCodes: await twoFactor.regenerateRecoveryCodes(caller.id, request.body.code),
      };
    },
  );

  r.get(
    '/api/auth/two-factor/policy',
    {
      config: { access: 'two-factor:manage' },
      schema: {
        summary: 'Whether staff must use two-factor sign-in',
        tags,
        response: { 200: twoFactorPolicy },
      },
    },
    async () => ({ requireForStaff: await twoFactor.requireForStaff() }),
  );

  r.put(
    '/api/auth/two-factor/policy',
    {
      config: { access: 'two-factor:manage' },
      schema: {
        summary: 'Require two-factor sign-in of all staff, or stop requiring it',
        tags,
        body: twoFactorPolicy,
        response: { 200: twoFactorPolicy },
      },
    },
    async (request) => {
      const caller = requireUser(request);
      const { requireForStaff } = request.body;
      await twoFactor.setRequireForStaff(requireForStaff);
      const actor = await userOf(caller.id);
      await deps.audit.record({
        actorId: actor.id,
        actorName: nameOf(actor),
        action: 'auth.two_factor_required',
        entityType: 'settings',
        entityId: 'staff',
        summary: requireForStaff
          ? 'Required two-factor sign-in for all staff'
          : 'Stopped requiring two-factor sign-in for all staff',
        data: { requireForStaff },
        ip: caller.ip,
        apiKey: caller.apiKey,
      });
      return { requireForStaff };
    },
  );

  r.delete(
    '/api/auth/two-factor/users/:id',
    {
      config: { access: 'two-factor:manage' },
      schema: {
        tags,
        summary:
          "Reset a user's second factor: they sign in with their password and set it up again",
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const caller = requireUser(request);
      const target = await deps.users.findById(request.params.id);
      if (!target) throw notFound('User not found');
      const wasOn = await twoFactor.reset(target.id);
      const actor = await userOf(caller.id);
      await deps.audit.record({
        actorId: actor.id,
        actorName: nameOf(actor),
        action: 'auth.two_factor_reset',
        entityType: 'user',
        entityId: target.id,
        subjectUserId: target.id,
        summary: `Reset two-factor sign-in of ${target.email}${wasOn ? '' : ' (it was not on)'}`,
        ip: caller.ip,
        apiKey: caller.apiKey,
      });
      return reply.status(204).send(null);
    },
  );
}
