import { IdParams } from '@repo/shared/schemas/common';
import { CountByCityQuery, CountByTypeQuery, CountsResult, FeaturedQuery, StayDto, StaysList } from '@repo/shared/schemas/stay';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as stays from './stays.service.ts';
import { AnswerCache } from '#src/platform/answer-cache.ts';

const tags = ['stays'];

/**
 * /api/stays: the home page's counts and most-liked list (public), one stay's details and reviews (guest).
 * /search and /:id/room-types live in ./search.ts under the same prefix.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  // A stay's details, reused for stayCacheMs and forgotten when the stay or its rooms change (ADR 006).
  const details = new AnswerCache<StayDto>({ ttlMs: app.config.stayCacheMs, max: 20_000 });
  let listening = false;
  // Reads that may be a moment old: a replica's, unless the user just wrote (ADR 038).
  const readDeps = (request: FastifyRequest) => ({ ...app.deps, db: app.reads.dbFor(request) });
  app.stayChanges.subscribe({
    onStay: (id) => details.forget(id),
    onListening: (value) => {
      details.clear();
      listening = value;
    },
  });
  app.get(
    '/count-by-city',
    { schema: { tags, querystring: CountByCityQuery, response: { 200: CountsResult } } },
    async (request) => ({ counts: await stays.countByCity(readDeps(request), request.query.cities) }),
  );

  app.get(
    '/count-by-type',
    { schema: { tags, querystring: CountByTypeQuery, response: { 200: CountsResult } } },
    async (request) => ({ counts: await stays.countByType(readDeps(request), request.query.types) }),
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
    async (request) => ({ stays: await stays.homeStays(readDeps(request), request.query.featured === true) }),
  );

  app.get(
    '/:id',
    {
      onRequest: app.requireGuest,
      schema: { tags, security: [{ bearer: [] }], params: IdParams, response: { 200: StayDto } },
    },
    async (request) => {
      const { id } = request.params;
      const load = () => stays.getStay(readDeps(request), id);
      return listening && !app.reads.fresh(request) ? details.get(id, load) : load();
    },
  );
};
export default routes;
