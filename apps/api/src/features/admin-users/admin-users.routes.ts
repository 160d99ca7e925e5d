import { UserDto } from '@repo/shared/schemas/auth';
import { IdParams, MessageBody } from '@repo/shared/schemas/common';
import { AdminUserUpdateInput, UsersList } from '@repo/shared/schemas/user';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as adminUsers from './admin-users.service.ts';
import { ADMIN_USER_MSG } from './messages.ts';
import { authUser } from '#src/features/auth/index.ts';

const tags = ['admin users'];
const security = [{ bearer: [] }];
const UserResult = z.object({ user: UserDto });

/** /api/admin/users: every account (archived ones hidden), for the platform only (ADR 023). */
const routes: FastifyPluginAsyncZod = async (app) => {
  // A stay owner is a separate business: they never see or edit other users.
  app.addHook('onRequest', app.requirePlatform);
  app.get('/', { schema: { tags, security, response: { 200: UsersList } } }, async () => ({
    users: await adminUsers.listUsers(app.deps),
  }));

  app.get('/:id', { schema: { tags, security, params: IdParams, response: { 200: UserResult } } }, async (request) => ({
    user: await adminUsers.getUser(app.deps, request.params.id),
  }));

  app.put(
    '/:id',
    { schema: { tags, security, params: IdParams, body: AdminUserUpdateInput, response: { 200: UserResult } } },
    async (request) => {
      const user = await adminUsers.updateUser(app.deps, authUser(request).id, request.params.id, request.body);
      app.sessionCache.forgetUser(request.params.id);
      return { user };
    },
  );

  app.delete('/:id', { schema: { tags, security, params: IdParams, response: { 200: MessageBody } } }, async (request) => {
    const { archived } = await adminUsers.deleteUser(app.deps, authUser(request).id, request.params.id);
    app.sessionCache.forgetUser(request.params.id);
    return { message: archived ? ADMIN_USER_MSG.archived : ADMIN_USER_MSG.deleted };
  });
};
export default routes;
