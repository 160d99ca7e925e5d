import { BookingResult, BookingsList, CheckoutDto, CreateBookingInput, CreateBookingResult } from '@repo/shared/schemas/booking';
import { ErrorBody, IdParams } from '@repo/shared/schemas/common';
import { InvoiceQuery } from '@repo/shared/schemas/gst';
import { PaymentFailureInput, PaymentSuccessInput } from '@repo/shared/schemas/payment';
import { CreateReviewInput, ReviewResult, UpdateReviewInput } from '@repo/shared/schemas/review';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authUser } from '#src/features/auth/auth-user.ts';
import { listBookings } from '#src/features/bookings/booking-view.ts';
import { cancelBooking } from '#src/features/bookings/cancel.service.ts';
import { bookingDocument } from '#src/features/bookings/documents.ts';
import { createBooking, sweepExpiredHolds } from '#src/features/bookings/hold.service.ts';
import { retryFailedRefund } from '#src/features/bookings/refunds.ts';
import { checkoutForRetry, confirmFromBrowser, recordFailureFromBrowser } from '#src/features/bookings/payment.service.ts';
import { createReview, deleteReview, updateReview } from '#src/features/reviews/reviews.service.ts';

const errors = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  429: ErrorBody,
  502: ErrorBody,
};

/** Bookings: hold rooms, pay, record failures, cancel, review, list my orders. Registered under /api without a prefix. */
const routes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  // Expired holds are released on every booking attempt; this sweep frees the rest (at least once a minute).
  const every = Math.min(60_000, Math.max(1_000, (app.config.holdMinutes * 60_000) / 2));
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      sweepExpiredHolds(deps).catch((err) => app.log.error({ err }, 'hold sweep failed'));
    }, every);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));

  // Hold attempts per guest, whatever the address (holding and re-holding rooms must not keep others out).
  const holdsOfAccount = app.accountLimit('holds', app.config.rateLimits.holdsPerAccount, (req) => authUser(req).id);

  app.post(
    '/bookings',
    {
      onRequest: app.requireGuest,
      schema: {
        tags: ['bookings'],
        summary: 'Hold rooms for a stay and open a payment order',
        body: CreateBookingInput,
        response: { 201: CreateBookingResult, ...errors },
      },
    },
    async (request, reply) => {
      await holdsOfAccount.take(request, reply);
      // The address as TRUST_PROXY defines it: one address holds a share of a stay's and a city's rooms at most.
      const result = await createBooking(deps, authUser(request), request.body, request.ip);
      return reply.status(201).send(result);
    },
  );

  app.post(
    '/bookings/:id/payment',
    {
      onRequest: app.requireGuest,
      schema: {
        tags: ['bookings'],
        summary: "Confirm a booking with the gateway's success fields (idempotent)",
        params: IdParams,
        body: PaymentSuccessInput,
        response: { 200: BookingResult, ...errors },
      },
    },
    async (request) => ({ booking: await confirmFromBrowser(deps, authUser(request), request.params.id, request.body) }),
  );

  app.post(
    '/bookings/:id/payment-failure',
    {
      onRequest: app.requireGuest,
      schema: {
        tags: ['bookings'],
        summary: 'Record a failed payment attempt; the hold stays until it expires',
        params: IdParams,
        body: PaymentFailureInput,
        response: { 200: BookingResult, ...errors },
      },
    },
    async (request) => ({
      booking: await recordFailureFromBrowser(deps, authUser(request), request.params.id, request.body),
    }),
  );

  app.get(
    '/bookings/:id/checkout',
    {
      onRequest: app.requireGuest,
      schema: {
        tags: ['bookings'],
        summary: 'Checkout details to pay a live hold again',
        params: IdParams,
        response: { 200: z.object({ checkout: CheckoutDto }), ...errors },
      },
    },
    async (request) => ({ checkout: await checkoutForRetry(deps, authUser(request), request.params.id) }),
  );

  app.post(
    '/bookings/:id/cancel',
    {
      onRequest: app.requireGuest,
      schema: {
        tags: ['bookings'],
        summary: 'Release a hold, or cancel and refund a paid booking before check-in',
        params: IdParams,
        response: { 200: BookingResult, ...errors },
      },
    },
    async (request) => ({ booking: await cancelBooking(deps, authUser(request), request.params.id) }),
  );

  app.get(
    '/bookings/:id/invoice',
    {
      onRequest: app.requireGuest,
      schema: {
        tags: ['bookings'],
        summary: "My booking's tax invoice (or bill of supply), or with kind=credit_note its credit note, as a PDF",
        params: IdParams,
        querystring: InvoiceQuery,
        response: { 200: z.any().describe('application/pdf'), ...errors },
      },
    },
    async (request, reply) => {
      const doc = await bookingDocument(deps, authUser(request), request.params.id, request.query.kind);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${doc.fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(doc.pdf);
    },
  );

  app.post(
    '/bookings/:id/refund-retry',
    {
      onRequest: app.requireGuest,
      schema: {
        tags: ['bookings'],
        summary: 'Ask again for a refund that failed (when every refund of the booking failed)',
        params: IdParams,
        response: { 200: BookingResult, ...errors },
      },
    },
    async (request) => ({ booking: await retryFailedRefund(deps, authUser(request), request.params.id) }),
  );

  app.post(
    '/bookings/:id/review',
    {
      onRequest: app.requireGuest,
      schema: {
        tags: ['bookings', 'reviews'],
        summary: 'Review a stay once, after the check-out date of a confirmed booking',
        params: IdParams,
        body: CreateReviewInput,
        response: { 201: ReviewResult, ...errors },
      },
    },
    async (request, reply) => {
      const review = await createReview(deps, authUser(request), request.params.id, request.body);
      return reply.status(201).send({ review });
    },
  );

  app.put(
    '/bookings/:id/review',
    {
      onRequest: app.requireGuest,
      schema: {
        tags: ['bookings', 'reviews'],
        summary: "Edit my review of a booking (its rating and text); the owner's reply is kept",
        params: IdParams,
        body: UpdateReviewInput,
        response: { 200: ReviewResult, ...errors },
      },
    },
    async (request) => ({ review: await updateReview(deps, authUser(request), request.params.id, request.body) }),
  );

  app.delete(
    '/bookings/:id/review',
    {
      onRequest: app.requireGuest,
      schema: {
        tags: ['bookings', 'reviews'],
        summary: "Delete my review of a booking (with the owner's reply); the booking can be reviewed again",
        params: IdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteReview(deps, authUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/me/bookings',
    {
      onRequest: app.requireGuest,
      schema: {
        tags: ['bookings'],
        summary: 'My orders, newest first',
        response: { 200: BookingsList, 401: ErrorBody },
      },
    },
    async (request) => ({ bookings: await listBookings(deps, authUser(request).id) }),
  );
};
export default routes;
