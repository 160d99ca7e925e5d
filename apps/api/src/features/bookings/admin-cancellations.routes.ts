import { AdminBookingCancellation, AdminCancelInput } from '@repo/shared/schemas/booking';
import { ErrorBody, IdParams } from '@repo/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ownerOf } from '#src/features/auth/index.ts';
import { staffMay } from '#src/features/staff/index.ts';
import { cancelAsOwner, ownerCancellation } from './cancel.service.ts';

const tags = ['admin bookings'];
const security = [{ bearer: [] }];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/** /api/admin: an owner cancels a booking of one of their stays (behind requireAdmin; another admin's is a 404). */
const routes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/bookings/:id/cancellation',
    {
      config: { staff: staffMay('bookings.cancel', { kind: 'booking' }) },
      schema: {
        tags,
        security,
        description: "A booking of one of the admin's stays, with what cancelling it today refunds the guest.",
        params: IdParams,
        response: { 200: AdminBookingCancellation, ...errors },
      },
    },
    async (request) => ownerCancellation(deps, ownerOf(request), request.params.id),
  );

  app.post(
    '/bookings/:id/cancel',
    {
      config: { staff: staffMay('bookings.cancel', { kind: 'booking' }, 'cancelBooking') },
      schema: {
        tags,
        security,
        description:
          "Cancels a confirmed booking of one of the admin's stays before its check-in day; the guest is refunded everything paid, whatever the booking's cancellation policy, and mailed. Takes no body: a body naming `refund` is a 400.",
        params: IdParams,
        body: AdminCancelInput,
        response: { 200: AdminBookingCancellation, ...errors },
      },
    },
    async (request) => cancelAsOwner(deps, ownerOf(request), request.params.id),
  );
};
export default routes;
