import { ErrorBody, IdParams } from '@repo/shared/schemas/common';
import { CreateReviewInput, ReviewResult, ReviewsPage, ReviewsQuery, UpdateReviewInput } from '@repo/shared/schemas/review';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authUser } from '#src/features/auth/index.ts';
import { createReview, deleteReview, stayReviews, updateReview } from './reviews.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody, 502: ErrorBody };

/** A guest's reviews: write, edit and delete the review of a booking, and read a stay's reviews. Under /api. */
const routes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

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
    '/stays/:id/reviews',
    {
      onRequest: app.requireGuest,
      schema: {
        tags: ['stays'],
        description: "A stay's reviews, newest first, a page at a time.",
        security: [{ bearer: [] }],
        params: IdParams,
        querystring: ReviewsQuery,
        response: { 200: ReviewsPage, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => stayReviews(deps, request.params.id, request.query.page),
  );
};
export default routes;
