import { IdParams } from '@repo/shared/schemas/common';
import { CountByCityQuery, CountByTypeQuery, CountsResult, FeaturedQuery, StayDto, StaysList } from '@repo/shared/schemas/stay';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as stays from '#src/features/stays/stays.service.ts';

const tags = ['stays'];

/**
 * /api/stays: the home page's counts and most-liked list (public) and one stay's details (guest).
 * /search and /:id/room-types live in ./search.ts under the same prefix.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/count-by-city',
    { schema: { tags, querystring: CountByCityQuery, response: { 200: CountsResult } } },
    async (request) => ({ counts: await stays.countByCity(app.db, request.query.cities) }),
  );

  app.get(
    '/count-by-type',
    { schema: { tags, querystring: CountByTypeQuery, response: { 200: CountsResult } } },
    async (request) => ({ counts: await stays.countByType(app.db, request.query.types) }),
  );

  app.get(
    '/',
    {
      schema: {
        tags,
        description: 'Live stays, best rated first (at most 12); `featured=true` keeps the featured ones only.',
        querystring: FeaturedQuery,
        response: { 200: StaysList },
      },
    },
    async (request) => ({ stays: await stays.homeStays(app.db, request.query.featured === true) }),
  );

  app.get(
    '/:id',
    {
      onRequest: app.requireGuest,
      schema: { tags, security: [{ bearer: [] }], params: IdParams, response: { 200: StayDto } },
    },
    async (request) => stays.getStay(app.db, request.params.id),
  );
};
export default routes;
