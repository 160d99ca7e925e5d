import { ErrorBody, IdParams } from '@repo/shared/schemas/common';
import { ReplyInput, ReviewResult, ReviewsPage, ReviewsQuery } from '@repo/shared/schemas/review';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ownerOf } from '#src/features/auth/index.ts';
import { staffMay } from '#src/features/staff/index.ts';
import { ownedStayReviews, replyToReview } from './reviews.service.ts';

const tags = ['admin reviews'];
const security = [{ bearer: [] }];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/** /api/admin: the reviews of the signed-in admin's stays, and their replies (behind requireAdmin). */
const routes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/stays/:id/reviews',
    {
      config: { staff: staffMay('reviews.manage', { kind: 'stay' }) },
      schema: {
        tags,
        security,
        description: "The reviews of one of the admin's stays, newest first, a page at a time.",
        params: IdParams,
        querystring: ReviewsQuery,
        response: { 200: ReviewsPage, ...errors },
      },
    },
    async (request) => ownedStayReviews(deps, ownerOf(request), request.params.id, request.query.page),
  );

  app.post(
    '/reviews/:id/reply',
    {
      config: { staff: staffMay('reviews.manage', { kind: 'review' }, 'replyReview') },
      schema: {
        tags,
        security,
        description: "The owner's one reply to a review of their stay.",
        params: IdParams,
        body: ReplyInput,
        response: { 200: ReviewResult, ...errors },
      },
    },
    async (request) => ({ review: await replyToReview(deps, ownerOf(request), request.params.id, request.body) }),
  );
};
export default routes;
