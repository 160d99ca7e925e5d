import type { FastifyPluginAsync } from 'fastify';
import { registerAdminRoutes } from '#src/lib/admin-scope.ts';
import adminReviews from './admin-reviews.routes.ts';
import reviews from './reviews.routes.ts';

/** The reviews feature's public entry: a guest's reviews of their bookings, a stay's reviews, the owner's replies. */
export const reviewsPlugin: FastifyPluginAsync = async (app) => {
  await app.register(reviews);
  await registerAdminRoutes(app, adminReviews);
};
