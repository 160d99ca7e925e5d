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
import { authUser, ownerOf } from '#src/features/auth/index.ts';
import { staffMay } from '#src/features/staff/index.ts';
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
      config: { staff: staffMay('stays.edit', { kind: 'roomNumber' }) },
      schema: {
        tags,
        security,
        description:
          "A room's private export calendars (the room's, its room type's) and its imported calendars with their sync.",
        params: IdParams,
        response: { 200: RoomChannelsDto, ...errors },
      },
    },
    async (request) => roomChannels(deps, ownerOf(request), request.params.id),
  );

  app.post(
    '/rooms/:id/channels/rotate',
    {
      config: { staff: staffMay('stays.edit', { kind: 'roomNumber' }, 'rotateCalendar') },
      schema: {
        tags,
        security,
        description: "Gives the room's (or its room type's) export calendar a new address; the old one answers 404.",
        params: IdParams,
        body: RotateInput,
        response: { 200: RoomChannelsDto, ...errors },
      },
    },
    async (request) => rotateExport(deps, ownerOf(request), request.params.id, request.body),
  );

  app.post(
    '/rooms/:id/feeds',
    {
      config: { staff: staffMay('stays.edit', { kind: 'roomNumber' }, 'addFeed') },
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
      reply.status(201).send({ feed: await addFeed(deps, ownerOf(request), request.params.id, request.body) }),
  );

  app.post(
    '/feeds/:id/sync',
    {
      config: { staff: staffMay('stays.edit', { kind: 'feed' }, 'syncFeed') },
      schema: {
        tags,
        security,
        description: 'Reads an imported calendar now.',
        params: IdParams,
        response: { 200: FeedResult, ...errors },
      },
    },
    async (request) => ({ feed: await syncNow(deps, ownerOf(request), request.params.id) }),
  );

  app.delete(
    '/feeds/:id',
    {
      config: { staff: staffMay('stays.edit', { kind: 'feed' }, 'removeFeed') },
      schema: {
        tags,
        security,
        description: 'Stops importing a calendar: the nights it blocked are for sale again.',
        params: IdParams,
        response: { 200: MessageBody, ...errors },
      },
    },
    async (request) => {
      await removeFeed(deps, ownerOf(request), request.params.id);
      return { message: CHANNEL_API_MSG.feedRemoved };
    },
  );

  app.get(
    '/channel-conflicts',
    {
      config: { staff: staffMay('stays.edit', { kind: 'stay', in: 'query', key: 'stayId' }) },
      schema: {
        tags,
        security,
        description: 'Nights an imported calendar takes while a booking here holds them (the booking stands), by night.',
        querystring: ConflictsQuery,
        response: { 200: ConflictsResult, ...errors },
      },
    },
    async (request) => {
      const list = await conflicts(deps, ownerOf(request), request.query.stayId);
      // A staff member's: of the stays given to them only.
      const given = authUser(request).staff?.stayIds;
      return { conflicts: given ? list.filter((c) => given.includes(c.stayId)) : list };
    },
  );
};
export default routes;
