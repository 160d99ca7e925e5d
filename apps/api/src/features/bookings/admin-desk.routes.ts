import { ErrorBody, IdParams } from '@repo/shared/schemas/common';
import {
  CheckInInput,
  CheckOutInput,
  DeskBookingInput,
  DeskBookingResult,
  DeskDayDto,
  DeskPaymentInput,
  DeskTodayDto,
} from '@repo/shared/schemas/desk';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authUser } from '#src/features/auth/index.ts';
import { staffMay } from '#src/features/staff/index.ts';
import {
  checkIn,
  checkOut,
  createDeskBooking,
  deskBookingView,
  deskDay,
  deskToday,
  markNoShow,
  recordDeskPayment,
} from './desk.service.ts';

const tags = ['admin front desk'];
const security = [{ bearer: [] }];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/**
 * /api/admin: a stay's front desk (ADR 064): bookings taken at the stay, money taken at the desk, check-in with the
 * ID shown, check-out, no-shows, and the day's arrivals, guests in house and departures. Every route asks desk-scope
 * whether the admin works the stay's desk (its owner or their staff, whose stays and role the staff rules check:
 * ADR 066; the day across all stays is the owner's dashboard); another's stay or booking is a 404.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/stays/:id/desk',
    {
      config: { staff: staffMay('desk.work', { kind: 'stay' }) },
      schema: {
        tags,
        security,
        description:
          "A stay's day at the desk (India date): arrivals, guests in house, departures and no-shows, each with what is due.",
        params: IdParams,
        response: { 200: DeskDayDto, ...errors },
      },
    },
    async (request) => deskDay(deps, authUser(request), request.params.id),
  );

  app.get(
    '/desk/today',
    {
      schema: {
        tags,
        security,
        description: "Today at each of the admin's stays: arrivals, guests in house, departures and no-shows (the dashboard).",
        response: { 200: DeskTodayDto, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => deskToday(deps, authUser(request)),
  );

  app.post(
    '/stays/:id/desk-bookings',
    {
      config: { staff: staffMay('desk.work', { kind: 'stay' }, 'deskBooking') },
      schema: {
        tags,
        security,
        description:
          'Books rooms for a guest who called or walked in (name and mobile; email optional), priced as online; with `payment`, the money taken now (the tax invoice is then issued). A night taken is a 409.',
        params: IdParams,
        body: DeskBookingInput,
        response: { 201: DeskBookingResult, ...errors, 409: ErrorBody },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ booking: await createDeskBooking(deps, authUser(request), request.params.id, request.body) }),
  );

  app.get(
    '/desk/bookings/:id',
    {
      config: { staff: staffMay('desk.work', { kind: 'booking' }) },
      schema: {
        tags,
        security,
        description:
          'One booking as the desk works it: guest, rooms, what is paid and due, the ledger, the ID shown (masked) and its documents.',
        params: IdParams,
        response: { 200: DeskBookingResult, ...errors },
      },
    },
    async (request) => ({ booking: await deskBookingView(deps, authUser(request), request.params.id) }),
  );

  app.post(
    '/desk/bookings/:id/payments',
    {
      config: { staff: staffMay('desk.work', { kind: 'booking' }, 'deskPayment') },
      schema: {
        tags,
        security,
        description:
          'Records what is due, taken at the desk (cash, UPI or card at the desk, with its reference), and issues the tax invoice.',
        params: IdParams,
        body: DeskPaymentInput,
        response: { 200: DeskBookingResult, ...errors, 409: ErrorBody },
      },
    },
    async (request) => ({ booking: await recordDeskPayment(deps, authUser(request), request.params.id, request.body) }),
  );

  app.post(
    '/desk/bookings/:id/check-in',
    {
      config: { staff: staffMay('desk.work', { kind: 'booking' }, 'checkIn') },
      schema: {
        tags,
        security,
        description:
          "Checks the guest in with the ID shown: its type and only what the law needs (an Aadhaar's last four digits; another ID's whole number), stored sealed.",
        params: IdParams,
        body: CheckInInput,
        response: { 200: DeskBookingResult, ...errors, 409: ErrorBody },
      },
    },
    async (request) => ({ booking: await checkIn(deps, authUser(request), request.params.id, request.body) }),
  );

  app.post(
    '/desk/bookings/:id/check-out',
    {
      config: { staff: staffMay('desk.work', { kind: 'booking' }, 'checkOut') },
      schema: {
        tags,
        security,
        description: 'Checks the guest out: what is due is settled (`payment`), the invoice issued, the rooms marked dirty.',
        params: IdParams,
        body: CheckOutInput,
        response: { 200: DeskBookingResult, ...errors, 409: ErrorBody },
      },
    },
    async (request) => ({ booking: await checkOut(deps, authUser(request), request.params.id, request.body) }),
  );

  app.post(
    '/desk/bookings/:id/no-show',
    {
      config: { staff: staffMay('desk.work', { kind: 'booking' }, 'noShow') },
      schema: {
        tags,
        security,
        description: 'Marks a confirmed booking not checked in as a no-show, once its check-in date has begun.',
        params: IdParams,
        response: { 200: DeskBookingResult, ...errors, 409: ErrorBody },
      },
    },
    async (request) => ({ booking: await markNoShow(deps, authUser(request), request.params.id) }),
  );
};
export default routes;
