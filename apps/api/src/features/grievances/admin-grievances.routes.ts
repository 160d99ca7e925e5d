import { ErrorBody, IdParams } from '@repo/shared/schemas/common';
import { GrievanceMessageInput, GrievanceResult, GrievancesList } from '@repo/shared/schemas/grievance';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { authUser, ownerOf } from '#src/features/auth/index.ts';
import { staffMay } from '#src/features/staff/index.ts';
import { answerGrievance, closeGrievance, type Staff, staffGrievance, staffGrievances } from './grievances.service.ts';

const tags = ['admin grievances'];
const security = [{ bearer: [] }];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/** The admin asking: a stay owner (their stays' tickets; their staff's too, ADR 066) or the platform (every ticket). */
const staffOf = (request: FastifyRequest): Staff => {
  const user = authUser(request);
  return { id: ownerOf(request), isPlatform: user.isPlatform };
};

/**
 * /api/admin: complaints about the admin's stays (behind requireAdmin): a stay owner sees, answers and closes those
 * of their stays (another owner's ticket is a 404); the platform sees, answers and closes every one.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/grievances',
    {
      config: { staff: staffMay('grievances.manage') },
      schema: {
        tags,
        security,
        summary: "Complaints about the admin's stays (every complaint for the platform), newest first",
        response: { 200: GrievancesList, ...errors },
      },
    },
    async (request) => {
      const list = await staffGrievances(deps, staffOf(request));
      // A staff member's: of the stays given to them only.
      const given = authUser(request).staff?.stayIds;
      return { grievances: given ? list.filter((g) => given.includes(g.stayId)) : list };
    },
  );

  app.get(
    '/grievances/:id',
    {
      config: { staff: staffMay('grievances.manage', { kind: 'grievance' }) },
      schema: {
        tags,
        security,
        summary: 'One complaint with its thread',
        params: IdParams,
        response: { 200: GrievanceResult, ...errors },
      },
    },
    async (request) => ({ grievance: await staffGrievance(deps, staffOf(request), request.params.id) }),
  );

  app.post(
    '/grievances/:id/messages',
    {
      config: { staff: staffMay('grievances.manage', { kind: 'grievance' }, 'answerGrievance') },
      schema: {
        tags,
        security,
        summary: 'Answer a complaint (the first answer acknowledges it); the guest is mailed',
        params: IdParams,
        body: GrievanceMessageInput,
        response: { 200: GrievanceResult, ...errors },
      },
    },
    async (request) => ({ grievance: await answerGrievance(deps, staffOf(request), request.params.id, request.body) }),
  );

  app.post(
    '/grievances/:id/close',
    {
      config: { staff: staffMay('grievances.manage', { kind: 'grievance' }, 'closeGrievance') },
      schema: {
        tags,
        security,
        summary: 'Close a complaint as resolved; the guest is mailed',
        params: IdParams,
        response: { 200: GrievanceResult, ...errors },
      },
    },
    async (request) => ({ grievance: await closeGrievance(deps, staffOf(request), request.params.id) }),
  );
};
export default routes;
