import { ErrorBody, IdParams, MessageBody } from '@repo/shared/schemas/common';
import { RoomTypeRatesDto, SeasonDto, SeasonInput, SeasonParams } from '@repo/shared/schemas/room';
import { RatePlanDto, RatePlanInput, RatePlanParams, RatePlansList } from '@repo/shared/schemas/plans';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ownerOf } from '#src/features/auth/index.ts';
import { staffMay } from '#src/features/staff/index.ts';
import { RATES_MSG } from './messages.ts';
import * as rates from './rates.service.ts';

const tags = ['admin rooms'];
const security = [{ bearer: [] }];
const SeasonSaved = z.object({ message: z.string(), season: SeasonDto });
const PlanSaved = z.object({ message: z.string(), plan: RatePlanDto });
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** Prices by date of the signed-in admin's room types: seasons (behind requireAdmin; ADR 018). */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/room-types/:id/rates',
    {
      config: { staff: staffMay('stays.edit', { kind: 'roomType' }) },
      schema: {
        tags,
        security,
        summary: "A room type's base and weekend price, minimum nights and seasons",
        params: IdParams,
        response: { 200: RoomTypeRatesDto, ...errors },
      },
    },
    async (request) => rates.roomTypeRates(app.deps, ownerOf(request), request.params.id),
  );

  app.post(
    '/room-types/:id/rates',
    {
      config: { staff: staffMay('stays.edit', { kind: 'roomType' }, 'addSeason') },
      schema: {
        tags,
        security,
        summary: 'Add a season; one sharing a night with another season of the room type is refused (409)',
        params: IdParams,
        body: SeasonInput,
        response: { 201: SeasonSaved, ...errors, 409: ErrorBody },
      },
    },
    async (request, reply) => {
      const season = await rates.addSeason(app.deps, ownerOf(request), request.params.id, request.body);
      return reply.status(201).send({ message: RATES_MSG.added, season });
    },
  );

  app.put(
    '/room-types/:roomTypeId/rates/:seasonId',
    {
      config: { staff: staffMay('stays.edit', { kind: 'roomType', key: 'roomTypeId' }, 'editSeason') },
      schema: {
        tags,
        security,
        summary: 'Change a season (same rules as adding one)',
        params: SeasonParams,
        body: SeasonInput,
        response: { 200: SeasonSaved, ...errors, 409: ErrorBody },
      },
    },
    async (request) => {
      const { roomTypeId, seasonId } = request.params;
      const season = await rates.updateSeason(app.deps, ownerOf(request), roomTypeId, seasonId, request.body);
      return { message: RATES_MSG.updated, season };
    },
  );

  app.delete(
    '/room-types/:roomTypeId/rates/:seasonId',
    {
      config: { staff: staffMay('stays.edit', { kind: 'roomType', key: 'roomTypeId' }, 'deleteSeason') },
      schema: { tags, security, summary: 'Delete a season', params: SeasonParams, response: { 200: MessageBody, ...errors } },
    },
    async (request) => {
      const { roomTypeId, seasonId } = request.params;
      await rates.deleteSeason(app.deps, ownerOf(request), roomTypeId, seasonId);
      return { message: RATES_MSG.deleted };
    },
  );
  app.get(
    '/room-types/:id/plans',
    {
      config: { staff: staffMay('stays.view', { kind: 'roomType' }) },
      schema: {
        tags,
        security,
        summary: "A room type's live rate plans, the standard plan first (ADR 065)",
        params: IdParams,
        response: { 200: RatePlansList, ...errors },
      },
    },
    async (request) => rates.roomTypePlans(app.deps, ownerOf(request), request.params.id),
  );

  app.post(
    '/room-types/:id/plans',
    {
      config: { staff: staffMay('stays.edit', { kind: 'roomType' }, 'addRatePlan') },
      schema: {
        tags,
        security,
        summary:
          'Add a rate plan derived from the standard plan; a night of any party at ₹0 or less or fitting no GST slab is refused (400)',
        params: IdParams,
        body: RatePlanInput,
        response: { 201: PlanSaved, ...errors },
      },
    },
    async (request, reply) => {
      const plan = await rates.addPlan(app.deps, ownerOf(request), request.params.id, request.body);
      return reply.status(201).send({ message: RATES_MSG.planAdded, plan });
    },
  );

  app.put(
    '/room-types/:roomTypeId/plans/:planId',
    {
      config: { staff: staffMay('stays.edit', { kind: 'roomType', key: 'roomTypeId' }, 'editRatePlan') },
      schema: {
        tags,
        security,
        summary: 'Change a rate plan (same rules as adding one; the standard plan is never derived)',
        params: RatePlanParams,
        body: RatePlanInput,
        response: { 200: PlanSaved, ...errors },
      },
    },
    async (request) => {
      const { roomTypeId, planId } = request.params;
      const plan = await rates.updatePlan(app.deps, ownerOf(request), roomTypeId, planId, request.body);
      return { message: RATES_MSG.planUpdated, plan };
    },
  );

  app.delete(
    '/room-types/:roomTypeId/plans/:planId',
    {
      config: { staff: staffMay('stays.edit', { kind: 'roomType', key: 'roomTypeId' }, 'deleteRatePlan') },
      schema: {
        tags,
        security,
        summary: 'Delete a rate plan (not the standard plan: 409); bookings sold under it keep it',
        params: RatePlanParams,
        response: { 200: MessageBody, ...errors, 409: ErrorBody },
      },
    },
    async (request) => {
      const { roomTypeId, planId } = request.params;
      await rates.deletePlan(app.deps, ownerOf(request), roomTypeId, planId);
      return { message: RATES_MSG.planDeleted };
    },
  );
};
export default routes;
