import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { profileResponse, updateOwnProfileRequest, userSchema } from '@noise/shared/user';
import { notFound } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/auth.ts';
import { toUserDto, type UserRepository } from './repository.ts';

export function registerUserRoutes(app: FastifyInstance, deps: { users: UserRepository }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];

  const me = async (id: string) => {
    const user = await deps.users.findById(id);
    if (!user) throw notFound('User not found');
    return user;
  };

  r.get(
    '/api/users/profile',
    {
      config: { access: 'authenticated' },
      schema: { summary: "One's own profile", tags, response: { 200: profileResponse } },
    },
    async (request) => {
      const dto = toUserDto(await me(requireUser(request).id));
      return { _id: dto._id, email: dto.email, profile: dto.profile };
    },
  );

  r.put(
    '/api/users/profile',
    {
      config: { access: 'authenticated' },
      schema: {
        summary: "Update one's own profile",
        tags,
        body: updateOwnProfileRequest,
        response: { 200: userSchema },
      },
    },
    async (request) => {
      const updated = await deps.users.update(requireUser(request).id, request.body.profile);
      if (!updated) throw notFound('User not found');
      return toUserDto(updated);
    },
  );
}
