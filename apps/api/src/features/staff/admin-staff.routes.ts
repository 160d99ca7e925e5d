import { ErrorBody, IdParams, MessageBody } from '@repo/shared/schemas/common';
import { StaffActionsResult, StaffInviteInput, StaffList, StaffMemberResult, StaffUpdateInput } from '@repo/shared/schemas/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authUser, ownerOf } from '#src/features/auth/index.ts';
import { STAFF_API_MSG } from './messages.ts';
import { staffMay } from './rules.ts';
import { bookingActions, inviteStaff, latestActions, listStaff, removeStaff, updateStaff } from './staff.service.ts';

const tags = ['admin staff'];
const security = [{ bearer: [] }];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/**
 * /api/admin/staff: the signed-in owner's staff (ADR 066): invitations by mail to some of their stays with a role,
 * changing them, removing them (their sessions end at once), and what they did. The owner's alone: these routes have
 * no staff rule, so staff get 403 (staff can not invite staff).
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/staff',
    {
      schema: {
        tags,
        security,
        summary: "The owner's invitations and staff with their roles and stays",
        response: { 200: StaffList, ...errors },
      },
    },
    async (request) => ({ members: await listStaff(deps, authUser(request).id) }),
  );

  app.post(
    '/staff',
    {
      schema: {
        tags,
        security,
        summary: 'Invite someone by mail to some of your stays as manager or front desk (the link works once, for 72 hours)',
        body: StaffInviteInput,
        response: { 201: StaffMemberResult, ...errors },
      },
    },
    async (request, reply) => {
      const member = await inviteStaff(deps, authUser(request), request.body);
      return reply.status(201).send({ member, message: STAFF_API_MSG.invited });
    },
  );

  app.put(
    '/staff/:id',
    {
      schema: {
        tags,
        security,
        summary: "Change a staff member's (or an invitation's) role and stays; their next request has them",
        params: IdParams,
        body: StaffUpdateInput,
        response: { 200: StaffMemberResult, ...errors },
      },
    },
    async (request) => {
      const { member, userId } = await updateStaff(deps, authUser(request).id, request.params.id, request.body);
      if (userId) app.sessionCache.forgetUser(userId);
      return { member, message: STAFF_API_MSG.updated };
    },
  );

  app.delete(
    '/staff/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Remove a staff member (or withdraw an invitation): their admin sessions end at once',
        params: IdParams,
        response: { 200: MessageBody, ...errors },
      },
    },
    async (request) => {
      const { userId } = await removeStaff(deps, authUser(request).id, request.params.id);
      if (userId) app.sessionCache.forgetUser(userId);
      return { message: STAFF_API_MSG.removed };
    },
  );

  app.get(
    '/staff/actions',
    {
      schema: {
        tags,
        security,
        summary: "The newest things the owner's staff did (50), newest first",
        response: { 200: StaffActionsResult, ...errors },
      },
    },
    async (request) => ({ actions: await latestActions(deps, authUser(request).id) }),
  );

  app.get(
    '/reservations/:id/actions',
    {
      config: { staff: staffMay('bookings.view', { kind: 'booking' }) },
      schema: {
        tags,
        security,
        summary: 'What staff did on a booking, with who and when, oldest first',
        params: IdParams,
        response: { 200: StaffActionsResult, ...errors },
      },
    },
    async (request) => ({ actions: await bookingActions(deps, ownerOf(request), request.params.id) }),
  );
};
export default routes;
