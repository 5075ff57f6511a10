import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@noise/shared/api-error';
import { messageResponse } from '@noise/shared/auth';
import {
  changeRoleRequest,
  siteUserRequest,
  siteUserUpdateRequest,
} from '@noise/shared/site-users';
import { userSchema } from '@noise/shared/user';
import type { Config } from '../../config.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { nestFields, readMultipart, type FileFieldRule } from '../../lib/multipart.ts';
import { strictDeep } from '../../lib/strict-body.ts';
import { requireUser } from '../../plugins/auth.ts';
import type { UploadForm } from '../../plugins/openapi.ts';
import type { PasswordResetDeps } from '../auth/password-reset.ts';
import { toUserDto, type UserRepository } from '../users/repository.ts';
import {
  changeSiteUserRole,
  createSiteUser,
  deleteSiteUser,
  sendResetLink,
  updateSiteUser,
  type SiteUserDeps,
} from './manage-site-user.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });
const PHOTO: Record<string, FileFieldRule> = { profilePhoto: { accept: ['image'] } };
const PROFILE_FIELDS = {
  'profile[firstName]': 'First name (up to 100 characters).',
  'profile[lastName]': 'Last name (up to 100 characters).',
  'profile[displayName]': 'The name others see (up to 100 characters).',
  'profile[contactNumber]': 'Phone (up to 40 characters).',
  'profile[bio]': 'A short biography (up to 2,000 characters).',
};
/** The site-user form (siteUserRequest, nested from `profile[…]` fields) and its photo. */
const siteUserForm: UploadForm = {
  fields: {
    email: 'Sign-in email.',
    role: 'The role (packages/shared/src/roles.ts).',
    password: 'A first password (optional; staff may send a reset link later).',
    ...PROFILE_FIELDS,
  },
  files: PHOTO,
  required: ['email', 'role'],
};
const siteUserUpdateForm: UploadForm = {
  fields: {
    email: 'Sign-in email.',
    role: "The user's current role, as the form shows it (change it with POST …/role).",
    password: 'A new password (optional; sessions of the user end).',
    ...PROFILE_FIELDS,
  },
  files: PHOTO,
};

export function registerSiteUserRoutes(
  app: FastifyInstance,
  deps: SiteUserDeps & { users: UserRepository; config: Config; reset: PasswordResetDeps },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const access = 'site-users:manage' as const;
  const tags = ['site users'];

  /** Reads the multipart form; the stored photo is removed again if the form is refused. */
  async function readForm<T extends z.ZodType<object>>(
    request: Parameters<typeof readMultipart>[0],
    schema: T,
  ): Promise<{ input: z.infer<T> & { profilePhotoUrl?: string }; discard: () => Promise<void> }> {
    const body = await readMultipart(request, {
      store: app.files,
      limits: deps.config.uploadLimits,
      files: PHOTO,
    });
    const parsed = strictDeep(schema).safeParse(nestFields(body.fields));
    if (!parsed.success) {
      await body.discard();
      const details = parsed.error.issues.map((i) => ({
        path: i.path.join('.'),
        message: i.message,
      }));
      throw badRequest(details[0]?.message ?? 'Invalid form', details);
    }
    const photo = body.files.profilePhoto?.[0];
    return {
      input: {
        ...parsed.data,
        profilePhotoUrl: photo?.variants[480] ?? photo?.url,
      },
      discard: body.discard,
    };
  }

  r.get(
    '/api/users/site-users',
    {
      config: { access },
      schema: {
        summary: 'List the staff (customers are under Customers)',
        tags,
        response: { 200: z.array(userSchema) },
      },
    },
    async () => {
      // Customers are listed under Customers, with their companies and orders.
      return (await deps.users.listStaff()).map(toUserDto);
    },
  );

  r.get(
    '/api/users/site-users/:id',
    {
      config: { access },
      schema: { summary: 'A site user', tags, params: idParams, response: { 200: userSchema } },
    },
    async (request) => {
      const user = await deps.users.findById(request.params.id);
      if (!user) throw notFound('User not found');
      return toUserDto(user);
    },
  );

  r.post(
    '/api/users/site-users',
    {
      config: { access },
      schema: {
        summary: 'Add a site user',
        tags,
        consumes: ['multipart/form-data'],
        form: siteUserForm,
        response: { 201: userSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { input, discard } = await readForm(request, siteUserRequest);
      try {
        const user = await createSiteUser(deps, requireUser(request), input);
        return reply.status(201).send(toUserDto(user));
      } catch (error) {
        await discard();
        throw error;
      }
    },
  );

  r.put(
    '/api/users/site-users/:id',
    {
      config: { access },
      schema: {
        summary: 'Update a site user (never their role)',
        tags,
        params: idParams,
        consumes: ['multipart/form-data'],
        form: siteUserUpdateForm,
        response: { 200: userSchema, 409: apiErrorSchema },
      },
    },
    async (request) => {
      const { input, discard } = await readForm(request, siteUserUpdateRequest);
      try {
        return toUserDto(
          await updateSiteUser(deps, requireUser(request), request.params.id, input),
        );
      } catch (error) {
        await discard();
        throw error;
      }
    },
  );

  r.post(
    '/api/users/site-users/:id/role',
    {
      config: { access },
      schema: {
        summary: "Change a site user's role",
        tags,
        params: idParams,
        body: changeRoleRequest,
        response: { 200: userSchema, 409: apiErrorSchema },
      },
    },
    async (request) =>
      toUserDto(
        await changeSiteUserRole(deps, requireUser(request), request.params.id, request.body.role),
      ),
  );

  r.delete(
    '/api/users/site-users/:id',
    {
      config: { access },
      schema: {
        summary: 'Delete a site user',
        tags,
        params: idParams,
        response: { 204: z.null(), 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await deleteSiteUser(deps, requireUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/api/users/site-users/:id/reset-password',
    {
      config: { access },
      schema: {
        summary: 'Mail a site user a password reset link',
        tags,
        params: idParams,
        response: { 202: messageResponse },
      },
    },
    async (request, reply) => {
      const user = await sendResetLink(deps, requireUser(request), request.params.id);
      return reply.status(202).send({ message: `A reset link was sent to ${user.email}` });
    },
  );
}
