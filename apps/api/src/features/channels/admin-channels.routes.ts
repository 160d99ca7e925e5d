import {
  AddFeedInput,
  ConflictsQuery,
  ConflictsResult,
  FeedResult,
  RoomChannelsDto,
  RotateInput,
} from '@repo/shared/schemas/channels';
import { ErrorBody, IdParams, MessageBody } from '@repo/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authUser } from '#src/features/auth/index.ts';
import { addFeed, conflicts, removeFeed, roomChannels, rotateExport, syncNow } from './channels.service.ts';
import { CHANNEL_API_MSG } from './messages.ts';

const tags = ['admin channels'];
const security = [{ bearer: [] }];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** /api/admin: a room's calendars shared with other sites (export and import) and their conflicts (ADR 035). */
const routes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/rooms/:id/channels',
    {
      schema: {
        tags,
        security,
        description:
          "A room's private export calendars (the room's, its room type's) and its imported calendars with their sync.",
        params: IdParams,
        response: { 200: RoomChannelsDto, ...errors },
      },
    },
    async (request) => roomChannels(deps, authUser(request).id, request.params.id),
  );

  app.post(
    '/rooms/:id/channels/rotate',
    {
      schema: {
        tags,
        security,
        description: "Gives the room's (or its room type's) export calendar a new address; the old one answers 404.",
        params: IdParams,
        body: RotateInput,
        response: { 200: RoomChannelsDto, ...errors },
      },
    },
    async (request) => rotateExport(deps, authUser(request).id, request.params.id, request.body),
  );

  app.post(
    '/rooms/:id/feeds',
    {
      schema: {
        tags,
        security,
        description:
          "Imports another site's calendar into the room and reads it at once: its events block the room's nights (a fetch that fails is the feed's status, not an error).",
        params: IdParams,
        body: AddFeedInput,
        response: { 201: FeedResult, ...errors, 409: ErrorBody },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ feed: await addFeed(deps, authUser(request).id, request.params.id, request.body) }),
  );

  app.post(
    '/feeds/:id/sync',
    {
      schema: {
        tags,
        security,
        description: 'Reads an imported calendar now.',
        params: IdParams,
        response: { 200: FeedResult, ...errors },
      },
    },
    async (request) => ({ feed: await syncNow(deps, authUser(request).id, request.params.id) }),
  );

  app.delete(
    '/feeds/:id',
    {
      schema: {
        tags,
        security,
        description: 'Stops importing a calendar: the nights it blocked are for sale again.',
        params: IdParams,
        response: { 200: MessageBody, ...errors },
      },
    },
    async (request) => {
      await removeFeed(deps, authUser(request).id, request.params.id);
      return { message: CHANNEL_API_MSG.feedRemoved };
    },
  );

  app.get(
    '/channel-conflicts',
    {
      schema: {
        tags,
        security,
        description: 'Nights an imported calendar takes while a booking here holds them (the booking stands), by night.',
        querystring: ConflictsQuery,
        response: { 200: ConflictsResult, ...errors },
      },
    },
    async (request) => ({ conflicts: await conflicts(deps, authUser(request).id, request.query.stayId) }),
  );
};
export default routes;
