import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptInvitationRequest,
  acceptInvitationResponse,
  changeMemberRoleRequest,
  invitationViewSchema,
  inviteTeammateRequest,
  renameCompanyRequest,
  teamSchema,
} from '@noise/shared/company';
import { apiErrorSchema } from '@noise/shared/api-error';
import { seesOnlyAssigned } from '@noise/shared/roles';
import { notFound } from '../../lib/errors.ts';
import { requireUser, type AuthUser } from '../../plugins/auth.ts';
import { acceptInvitation, viewInvitation, type AcceptDeps } from './accept-invitation.ts';
import {
  changeMemberRole,
  inviteTeammate,
  removeTeammate,
  renameCompany,
  resendInvitation,
  teamOf,
  withdrawInvitation,
} from './manage-team.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });
const memberParams = z.object({ userId: z.string().min(1).max(64) });
const tokenParams = z.object({ token: z.string().min(1).max(200) });

/** The caller's own company; staff have none, so these routes are not theirs. */
function ownCompany(caller: AuthUser): string {
  if (!caller.companyId) throw notFound('You are not part of a client company');
  return caller.companyId;
}

/**
 * Client companies (docs/product.md#client-companies): an owner's 'Team' (/api/company), staff's
 * view of a customer's company (/api/companies/:id) and the invitation link (/api/invitations).
 */
export function registerCompanyRoutes(
  app: FastifyInstance,
  deps: AcceptDeps & { authRateLimit: number },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['companies'];
  const team = 'client:team' as const;
  // What reaches other people or hands the company to them needs a proven address (decision 088).
  const changesTeam = { access: team, provenEmail: true };
  const answer = { 200: teamSchema };
  // Refused for the state it is in: already invited or in the team, or the last owner.
  const answerOrConflict = { 200: teamSchema, 409: apiErrorSchema };

  r.get(
    '/api/company',
    {
      config: { access: team },
      schema: {
        tags,
        summary: 'The caller’s company: its people and open invitations',
        response: answer,
      },
    },
    async (request) => teamOf(deps, ownCompany(requireUser(request))),
  );

  r.put(
    '/api/company',
    {
      config: changesTeam,
      schema: {
        tags,
        summary: 'Rename the caller’s company',
        body: renameCompanyRequest,
        response: answer,
      },
    },
    async (request) => {
      const caller = requireUser(request);
      return renameCompany(deps, caller, ownCompany(caller), request.body.name);
    },
  );

  r.post(
    '/api/company/invitations',
    {
      config: changesTeam,
      schema: {
        tags,
        summary: 'Invite a teammate by email with a role',
        body: inviteTeammateRequest,
        response: answerOrConflict,
      },
    },
    async (request) => {
      const caller = requireUser(request);
      return inviteTeammate(deps, caller, ownCompany(caller), request.body);
    },
  );

  r.post(
    '/api/company/invitations/:id/resend',
    {
      config: changesTeam,
      schema: {
        tags,
        summary: 'Send an invitation again with a new link',
        params: idParams,
        response: answer,
      },
    },
    async (request) => {
      const caller = requireUser(request);
      return resendInvitation(deps, caller, ownCompany(caller), request.params.id);
    },
  );

  r.delete(
    '/api/company/invitations/:id',
    {
      config: { access: team },
      schema: { tags, summary: 'Withdraw an invitation', params: idParams, response: answer },
    },
    async (request) => {
      const caller = requireUser(request);
      return withdrawInvitation(deps, caller, ownCompany(caller), request.params.id);
    },
  );

  r.put(
    '/api/company/members/:userId',
    {
      config: changesTeam,
      schema: {
        tags,
        summary: 'Change a teammate’s role',
        params: memberParams,
        body: changeMemberRoleRequest,
        response: answerOrConflict,
      },
    },
    async (request) => {
      const caller = requireUser(request);
      const { userId } = request.params;
      return changeMemberRole(deps, caller, ownCompany(caller), userId, request.body.role);
    },
  );

  r.delete(
    '/api/company/members/:userId',
    {
      config: changesTeam,
      schema: {
        tags,
        summary: 'Remove a person from the team',
        params: memberParams,
        response: answerOrConflict,
      },
    },
    async (request) => {
      const caller = requireUser(request);
      return removeTeammate(deps, caller, ownCompany(caller), request.params.userId);
    },
  );

  /** A customer's company as staff see it; a co-ordinator only one with a project of theirs. */
  async function staffCompany(caller: AuthUser, id: string) {
    const visible = seesOnlyAssigned(caller.role)
      ? await deps.companies.isAssigned(id, caller.id)
      : await deps.companies.exists(id);
    if (!visible) throw notFound('Company not found');
    return id;
  }

  r.get(
    '/api/companies/:id',
    {
      config: { access: 'customers:manage' },
      schema: {
        tags,
        summary: 'A client company, its people and invitations (staff)',
        params: idParams,
        response: answer,
      },
    },
    async (request) => teamOf(deps, await staffCompany(requireUser(request), request.params.id)),
  );

  r.post(
    '/api/companies/:id/invitations',
    {
      config: { access: 'customers:manage' },
      schema: {
        tags,
        summary: 'Add a person to a client company by invitation (staff)',
        params: idParams,
        body: inviteTeammateRequest,
        response: answerOrConflict,
      },
    },
    async (request) => {
      const caller = requireUser(request);
      return inviteTeammate(
        deps,
        caller,
        await staffCompany(caller, request.params.id),
        request.body,
      );
    },
  );

  const rateLimit = { max: deps.authRateLimit, timeWindow: '1 minute' };

  r.get(
    '/api/invitations/:token',
    {
      config: { access: 'public', rateLimit },
      schema: {
        tags,
        summary: 'What an invitation link offers',
        params: tokenParams,
        response: { 200: invitationViewSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return viewInvitation(deps, request.params.token);
    },
  );

  r.post(
    '/api/invitations/:token/accept',
    {
      config: { access: 'public', optionalAuth: true, rateLimit },
      schema: {
        tags,
        summary: 'Accept an invitation: signed in as its email, or making that account',
        params: tokenParams,
        body: acceptInvitationRequest,
        response: { 200: acceptInvitationResponse, 409: apiErrorSchema, 410: apiErrorSchema },
      },
    },
    async (request) =>
      acceptInvitation(deps, request.params.token, request.user, request.body, request.ip),
  );
}
