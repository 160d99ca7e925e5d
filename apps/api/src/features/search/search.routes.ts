import { ErrorBody, IdParams } from '@repo/shared/schemas/common';
import { RoomTypesList } from '@repo/shared/schemas/room';
import { partyCounts } from '@repo/shared/domain/plans';
import { RoomTypesQuery, SearchQuery, SearchResult } from '@repo/shared/schemas/search';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SearchIndex } from './availability/index.ts';
import * as searching from './search.service.ts';

/** /api/stays/search and /api/stays/:id/room-types: availability for dates and guests (guests only). */
const routes: FastifyPluginAsyncZod = async (app) => {
  const answers = searching.createSearchAnswers(app.config);
  // Kept from the primary: the changes it reports are read back at once, with no replica's delay (ADR 037).
  const index = app.config.searchIndex ? new SearchIndex(app.deps.db, { maxBytes: app.config.searchIndexBytes }) : undefined;
  const deps: searching.SearchDeps = { ...app.deps, answers, index };
  app.stayChanges.subscribe({
    onStay: (stayId, city) => {
      searching.forgetStay(answers, stayId, city);
      index?.stayChanged(stayId, city);
    },
    onListening: (listening) => {
      searching.setListening(answers, listening);
      index?.setListening(listening);
    },
  });

  app.get(
    '/search',
    {
      onRequest: app.requireGuest,
      schema: {
        tags: ['stays'],
        summary: 'Stays with enough free rooms and capacity for every night, with their lowest free price',
        security: [{ bearer: [] }],
        querystring: SearchQuery,
        response: { 200: SearchResult, 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (request, reply) => {
      const own = { ...deps, db: app.reads.dbFor(request), fresh: app.reads.fresh(request) };
      if (!app.config.explainReads) return searching.search(own, request.query);
      // Tests and the bench see what answered: a kept answer, the kept availability or the statement.
      let source = 'reused';
      const result = await searching.search({ ...own, onSource: (s) => (source = s) }, request.query);
      reply.header('x-staybook-search', source);
      return result;
    },
  );

  app.get(
    '/:id/room-types',
    {
      onRequest: app.requireGuest,
      schema: {
        tags: ['stays'],
        summary: "A stay's room types with each room number's availability for the nights",
        security: [{ bearer: [] }],
        params: IdParams,
        querystring: RoomTypesQuery,
        response: { 200: RoomTypesList, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) =>
      searching.roomTypes(
        { ...deps, db: app.reads.dbFor(request), fresh: app.reads.fresh(request) },
        request.params.id,
        request.query.checkIn,
        request.query.checkOut,
        partyCounts(request.query.adults, request.query.children, request.query.childAges ?? []),
      ),
  );
};
export default routes;
