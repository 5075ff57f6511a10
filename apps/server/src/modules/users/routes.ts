import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { profileResponse } from '@noise/shared/user';
import { notFound } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/auth.ts';
import { toUserDto, type UserRepository } from './repository.ts';

export function registerUserRoutes(app: FastifyInstance, deps: { users: UserRepository }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/users/profile',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['users'], response: { 200: profileResponse } },
    },
    async (request) => {
      const user = await deps.users.findById(requireUser(request).id);
      if (!user) throw notFound('User not found');
      const dto = toUserDto(user);
      return { _id: dto._id, email: dto.email, profile: dto.profile };
    },
  );
}
