import { ErrorBody, IdParams } from '@repo/shared/schemas/common';
import { CreateGrievanceInput, GrievanceMessageInput, GrievanceResult, GrievancesList } from '@repo/shared/schemas/grievance';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authUser } from '#src/features/auth/index.ts';
import { guestMessage, myGrievance, myGrievances, raiseGrievance } from './grievances.service.ts';

const tags = ['grievances'];
const security = [{ bearer: [] }];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/** /api: a guest's complaints about their own bookings (a guest sees only their own; another's is a 404). */
const routes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.post(
    '/grievances',
    {
      onRequest: app.requireGuest,
      schema: {
        tags,
        security,
        summary: 'Raise a complaint about one of your bookings; answers with its ticket number at once',
        body: CreateGrievanceInput,
        response: { 201: GrievanceResult, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ grievance: await raiseGrievance(deps, authUser(request).id, request.body) }),
  );

  app.get(
    '/me/grievances',
    {
      onRequest: app.requireGuest,
      schema: {
        tags,
        security,
        summary: 'Your complaints, newest first, with their answers',
        response: { 200: GrievancesList, ...errors },
      },
    },
    async (request) => ({ grievances: await myGrievances(deps, authUser(request).id) }),
  );

  app.get(
    '/grievances/:id',
    {
      onRequest: app.requireGuest,
      schema: {
        tags,
        security,
        summary: 'One of your complaints',
        params: IdParams,
        response: { 200: GrievanceResult, ...errors },
      },
    },
    async (request) => ({ grievance: await myGrievance(deps, authUser(request).id, request.params.id) }),
  );

  app.post(
    '/grievances/:id/messages',
    {
      onRequest: app.requireGuest,
      schema: {
        tags,
        security,
        summary: 'Add to the thread of one of your open complaints',
        params: IdParams,
        body: GrievanceMessageInput,
        response: { 200: GrievanceResult, ...errors },
      },
    },
    async (request) => ({
      grievance: await guestMessage(deps, authUser(request).id, request.params.id, request.body),
    }),
  );
};
export default routes;
