import { ErrorBody, MessageBody } from '@repo/shared/schemas/common';
import { StaffAcceptInput, StaffInviteParams, StaffInviteView } from '@repo/shared/schemas/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { STAFF_API_MSG } from './messages.ts';
import { acceptInvite, inviteView } from './staff.service.ts';

const tags = ['admin staff'];
const errors = { 400: ErrorBody, 409: ErrorBody, 429: ErrorBody };

/**
 * /api/staff-invites/:id/:token: the mailed invitation link, without signing in. A link used, expired, withdrawn or
 * unknown is a 400 saying so.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  // Tries of mailed links per address, as the confirmation links have.
  const limit = { rateLimit: { max: app.config.rateLimits.confirm, timeWindow: '1 minute' } };

  app.get(
    '/staff-invites/:id/:token',
    {
      config: limit,
      schema: {
        tags,
        summary: 'An invitation: who invites, the role, the stays, and whether the address has an account',
        params: StaffInviteParams,
        response: { 200: StaffInviteView, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return inviteView(deps, request.params);
    },
  );

  app.post(
    '/staff-invites/:id/:token/accept',
    {
      config: limit,
      schema: {
        tags,
        summary:
          "Accept: with the password of the address's account, or a new account's first and last name, mobile and password",
        params: StaffInviteParams,
        body: StaffAcceptInput,
        response: { 200: MessageBody, ...errors },
      },
    },
    async (request) => {
      await acceptInvite(deps, request.params, request.body);
      return { message: STAFF_API_MSG.accepted };
    },
  );
};
export default routes;
