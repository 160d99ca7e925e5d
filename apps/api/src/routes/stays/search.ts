import { ErrorBody, IdParams } from '@repo/shared/schemas/common';
import { RoomTypesList } from '@repo/shared/schemas/room';
import { SearchQuery, SearchResult, StayDatesQuery } from '@repo/shared/schemas/search';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { createSearchService } from '#src/features/search/search.service.ts';

/** /api/stays/search and /api/stays/:id/room-types: availability for dates and guests (guests only). */
const routes: FastifyPluginAsyncZod = async (app) => {
  const service = createSearchService(app.db, app.config.searchCacheMs, app.config.stayCacheMs);
  app.stayChanges.subscribe({ onStay: service.forgetStay, onListening: service.setListening });

  app.get(
    '/search',
    {
      onRequest: app.requireGuest,
      // A search answered moments ago is sent again at once (after the guest check, before validation).
      preValidation: async (request, reply) => {
        const reused = service.reusedAnswer(request.url);
        if (reused) return reply.type('application/json; charset=utf-8').send((await reused) as unknown as SearchResult);
      },
      schema: {
        tags: ['stays'],
        summary: 'Stays with enough free rooms and capacity for every night, with their lowest free price',
        security: [{ bearer: [] }],
        querystring: SearchQuery,
        response: { 200: SearchResult, 400: ErrorBody, 401: ErrorBody },
      },
    },
    // Sent as the service's JSON, a SearchResult it has validated (a string payload is not serialised again).
    async (request, reply) => {
      const json = await service.searchJson(request.query, request.url);
      return reply.type('application/json; charset=utf-8').send(json as unknown as SearchResult);
    },
  );

  app.get(
    '/:id/room-types',
    {
      onRequest: app.requireGuest,
      // Availability answered moments ago for this URL is sent again at once (after the guest check).
      preValidation: async (request, reply) => {
        const reused = service.reusedRoomTypes(request.url);
        if (reused)
          return reply.type('application/json; charset=utf-8').send((await reused) as unknown as z.infer<typeof RoomTypesList>);
      },
      schema: {
        tags: ['stays'],
        summary: "A stay's room types with each room number's availability for the nights",
        security: [{ bearer: [] }],
        params: IdParams,
        querystring: StayDatesQuery,
        response: { 200: RoomTypesList, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const { checkIn, checkOut } = request.query;
      const json = await service.roomTypesJson(request.params.id, checkIn, checkOut, request.url);
      return reply.type('application/json; charset=utf-8').send(json as unknown as z.infer<typeof RoomTypesList>);
    },
  );
};
export default routes;
