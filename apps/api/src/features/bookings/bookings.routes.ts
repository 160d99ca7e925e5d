import { BookingResult, BookingsList, CheckoutDto, CreateBookingInput, CreateBookingResult } from '@repo/shared/schemas/booking';
import { ErrorBody, IdParams } from '@repo/shared/schemas/common';
import { InvoiceQuery } from '@repo/shared/schemas/gst';
import { PaymentFailureInput, PaymentSuccessInput } from '@repo/shared/schemas/payment';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authUser } from '#src/features/auth/index.ts';
import { listBookings } from './booking-view.ts';
import { cancelBooking } from './cancel.service.ts';
import { bookingDocument } from './documents.ts';
import { createBooking } from './hold.service.ts';
import { retryFailedRefund } from './refunds.ts';
import { checkoutForRetry, confirmFromBrowser, recordFailureFromBrowser } from './payment.service.ts';

const errors = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  429: ErrorBody,
  502: ErrorBody,
};

/** Bookings: hold rooms, pay, record failures, cancel, documents, refunds, list my orders. Under /api without a prefix. */
const routes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
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
      // The client's address in its one form (an IPv6 /64 counts as one; ADR 046): one address holds a share of a
      // stay's and a city's rooms at most.
      const result = await createBooking(deps, authUser(request), request.body, request.clientAddress);
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
    // A moment old at most (a replica's), and the primary's right after the guest's own write (ADR 038).
    async (request) => ({ bookings: await listBookings({ ...deps, db: app.reads.dbFor(request) }, authUser(request).id) }),
  );
};
export default routes;
