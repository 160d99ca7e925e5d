import { ErrorBody, IdParams, MessageBody } from '@repo/shared/schemas/common';
import {
  BlockInput,
  BlocksResult,
  FiguresDto,
  FiguresQuery,
  OccupancyDto,
  OccupancyQuery,
  OwnerFiguresPage,
  OwnerMonthDto,
  OwnerMonthQuery,
  ReservationResult,
  ReservationsFilter,
  ReservationsPage,
  ReservationsQuery,
} from '@repo/shared/schemas/owner';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { authUser, ownerOf } from '#src/features/auth/index.ts';
import { staffMay } from '#src/features/staff/index.ts';
import { may, staysOf } from '#src/lib/admin-scope.ts';
import { OWNER_API_MSG } from './messages.ts';
import { blockRooms, createOccupancyAnswers, figures, occupancy, ownerFigures, unblock } from './occupancy.service.ts';
import { ownerMonth } from './month.service.ts';
import { ownerReservation, ownerReservations, reservationsCsv } from './reservations.service.ts';

const tags = ['admin reservations'];
const security = [{ bearer: [] }];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** Whose reservations a request sees: the owner's, or a staff member's stays, with money only if their role sees it. */
const scopeOf = (request: FastifyRequest) => {
  const staff = authUser(request).staff;
  return { ownerId: ownerOf(request), stayIds: staysOf(staff), money: may(staff, 'money.view') };
};
const stayInQuery = { kind: 'stay', in: 'query', key: 'stayId' } as const;
const stay = { kind: 'stay' } as const;

/** /api/admin: the bookings of the signed-in admin's stays, their occupancy, blocks and figures (behind requireAdmin). */
const routes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const answers = createOccupancyAnswers(app.config);
  app.stayChanges.subscribe({
    onStay: (id) => answers.grids.forget(id),
    onListening: (value) => {
      answers.grids.clear();
      answers.listening = value;
    },
  });

  app.get(
    '/reservations',
    {
      config: { staff: staffMay('bookings.view', stayInQuery) },
      schema: {
        tags,
        security,
        description:
          "The bookings of the admin's stays, newest first, 10 a page: by stay, status, dates (overlapping) and search.",
        querystring: ReservationsQuery,
        response: { 200: ReservationsPage, ...errors },
      },
    },
    async (request) => ownerReservations(deps, scopeOf(request), request.query),
  );

  app.get(
    '/reservations/export',
    {
      config: { staff: staffMay('guests.export', stayInQuery) },
      schema: {
        tags,
        security,
        description: 'The same filtered bookings, all of them, as a CSV file (amounts in rupees).',
        querystring: ReservationsFilter,
        produces: ['text/csv'],
        response: { 200: z.string().describe('text/csv'), ...errors },
      },
    },
    async (request, reply) => {
      const csv = await reservationsCsv(deps, scopeOf(request), request.query);
      const day = deps.clock.now().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="reservations-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.get(
    '/reservations/:id',
    {
      config: { staff: staffMay('bookings.view', { kind: 'booking' }) },
      schema: {
        tags,
        security,
        description: "One booking of the admin's stays.",
        params: IdParams,
        response: { 200: ReservationResult, ...errors },
      },
    },
    async (request) => ({ reservation: await ownerReservation(deps, scopeOf(request), request.params.id) }),
  );

  app.get(
    '/stays/:id/occupancy',
    {
      config: { staff: staffMay('calendar.view', stay) },
      schema: {
        tags,
        security,
        description: "A stay's rooms × nights for a month (booked, held, blocked, free) and today's arrivals and departures.",
        params: IdParams,
        querystring: OccupancyQuery,
        response: { 200: OccupancyDto, ...errors },
      },
    },
    async (request) => occupancy(deps, ownerOf(request), request.params.id, request.query.month, answers),
  );

  app.post(
    '/stays/:id/blocks',
    {
      config: { staff: staffMay('calendar.block', stay, 'blockRooms') },
      schema: {
        tags,
        security,
        description:
          'Takes rooms out of sale from `from` up to, not including, `to` (409 when a night is booked, held or blocked).',
        params: IdParams,
        body: BlockInput,
        response: { 201: BlocksResult, ...errors, 409: ErrorBody },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ blocks: await blockRooms(deps, ownerOf(request), request.params.id, request.body) }),
  );

  app.delete(
    '/blocks/:id',
    {
      config: { staff: staffMay('calendar.block', { kind: 'block' }, 'unblock') },
      schema: {
        tags,
        security,
        description: "Gives a block's nights back to sale.",
        params: IdParams,
        response: { 200: MessageBody, ...errors },
      },
    },
    async (request) => {
      await unblock(deps, ownerOf(request), request.params.id);
      return { message: OWNER_API_MSG.unblocked };
    },
  );

  app.get(
    '/stays/:id/figures',
    {
      config: { staff: staffMay('money.view', stay) },
      schema: {
        tags,
        security,
        description: "A stay's occupancy and revenue over the last and next 30 nights, and each night's occupancy (ADR 019).",
        params: IdParams,
        response: { 200: FiguresDto, ...errors },
      },
    },
    async (request) => figures(deps, ownerOf(request), request.params.id),
  );

  app.get(
    '/figures',
    {
      schema: {
        tags,
        security,
        description:
          'Every live stay of the admin, by name, 12 a page, with its occupancy and revenue over the last and next 30 nights (as /stays/:id/figures gives them), in one read.',
        querystring: FiguresQuery,
        response: { 200: OwnerFiguresPage, ...errors },
      },
    },
    async (request) => ownerFigures(deps, authUser(request).id, request.query.page),
  );

  app.get(
    '/figures/month',
    {
      schema: {
        tags,
        security,
        description:
          "The admin's month (default: this month in India): totals over every live stay of theirs (occupancy, ADR, RevPAR, room revenue with and without GST, the platform's fee and what is payable), and their stays with the same figures, searched by name or city, sorted, 20 a page (ADR 039).",
        querystring: OwnerMonthQuery,
        response: { 200: OwnerMonthDto, ...errors },
      },
    },
    async (request) => ownerMonth(deps, authUser(request).id, request.query),
  );
};
export default routes;
