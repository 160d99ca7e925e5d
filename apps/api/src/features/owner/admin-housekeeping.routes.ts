import { ErrorBody, IdParams } from '@repo/shared/schemas/common';
import { HousekeepingDto, HousekeepingInput, RoomParams } from '@repo/shared/schemas/desk';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authUser } from '#src/features/auth/index.ts';
import { staffMay } from '#src/features/staff/index.ts';
import { housekeeping, markRoom } from './housekeeping.service.ts';

const tags = ['admin front desk'];
const security = [{ bearer: [] }];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** /api/admin: a stay's rooms as housekeeping works them (ADR 064), scoped as the rest of the front desk. */
const routes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.get(
    '/stays/:id/housekeeping',
    {
      config: { staff: staffMay('housekeeping', { kind: 'stay' }) },
      schema: {
        tags,
        security,
        description: "Today's rooms of a stay, each clean, dirty, inspected or out of order, and whether it is occupied.",
        params: IdParams,
        response: { 200: HousekeepingDto, ...errors },
      },
    },
    async (request) => housekeeping(deps, authUser(request), request.params.id),
  );
  app.put(
    '/stays/:id/rooms/:roomId/housekeeping',
    {
      config: { staff: staffMay('housekeeping', { kind: 'stay' }, 'housekeeping') },
      schema: {
        tags,
        security,
        description:
          "Marks a room clean, dirty or inspected, or out of order until a day (its nights blocked as an owner's block; a booked night is a 409).",
        params: RoomParams,
        body: HousekeepingInput,
        response: { 200: HousekeepingDto, ...errors, 409: ErrorBody },
      },
    },
    async (request) => markRoom(deps, authUser(request), request.params.id, request.params.roomId, request.body),
  );
};
export default routes;
