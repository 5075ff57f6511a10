import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { changePasswordRequest, tokenResponse } from '@noise/shared/auth';
import { AU_PHONE_MESSAGE, isValidAustralianPhone, normalizePhone } from '@noise/shared/phone';
import { profileResponse, updateOwnProfileRequest, userSchema } from '@noise/shared/user';
import type { Db } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/auth.ts';
import { issueToken, type AuthDeps } from '../auth/sign-in.ts';
import { changePassword } from './account.ts';
import { toUserDto, type UserRepository } from './repository.ts';

export function registerUserRoutes(
  app: FastifyInstance,
  deps: {
    db: Db;
    users: UserRepository;
    auth: AuthDeps;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];

  const me = async (id: string) => {
    const user = await deps.users.findById(id);
    if (!user) throw notFound('User not found');
    return user;
  };

  r.get(
    '/api/users/profile',
    { config: { access: 'authenticated' }, schema: { tags, response: { 200: profileResponse } } },
    async (request) => {
      const dto = toUserDto(await me(requireUser(request).id));
      return { _id: dto._id, email: dto.email, profile: dto.profile };
    },
  );

  r.put(
    '/api/users/profile',
    {
      config: { access: 'authenticated' },
      schema: { tags, body: updateOwnProfileRequest, response: { 200: userSchema } },
    },
    async (request) => {
      const { profile } = request.body;
      if (profile.contactNumber && !isValidAustralianPhone(profile.contactNumber)) {
        throw badRequest(AU_PHONE_MESSAGE, [
          { path: 'profile.contactNumber', message: AU_PHONE_MESSAGE },
        ]);
      }
      const updated = await deps.users.update(requireUser(request).id, {
        ...profile,
        contactNumber: profile.contactNumber ? normalizePhone(profile.contactNumber) : '',
      });
      if (!updated) throw notFound('User not found');
      return toUserDto(updated);
    },
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
      schema: { tags, body: changePasswordRequest, response: { 200: tokenResponse } },
    },
    async (request) => {
      const user = await me(requireUser(request).id);
      const updated = await changePassword(
        deps.db,
        user,
        request.body.currentPassword,
        request.body.newPassword,
      );
      request.log.info({ userId: user.id, event: 'password_changed' }, 'password changed');
      return { token: await issueToken(deps.auth, updated) };
    },
  );
}
