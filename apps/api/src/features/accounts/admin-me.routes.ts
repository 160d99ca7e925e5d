import { UserDto } from '@repo/shared/schemas/auth';
import { ErrorBody } from '@repo/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getProfile } from './profile.service.ts';
import { authUser } from '#src/features/auth/index.ts';

/** /api/admin/me: the signed-in admin, with isPlatform, so the admin area shows the platform's screens only to it. */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me',
    {
      schema: {
        tags: ['admin auth'],
        summary: 'The signed-in admin: a stay owner, and whether they run the platform too (isPlatform)',
        security: [{ bearer: [] }],
        response: { 200: UserDto, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => getProfile(app.deps, authUser(request).id),
  );
};
export default routes;
