import { IdParams, MessageBody } from '@repo/shared/schemas/common';
import { AdminRoomsList, RoomNumberParams, RoomTypeInput, RoomTypeUpdateInput } from '@repo/shared/schemas/room';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ROOM_MSG } from './messages.ts';
import * as rooms from './rooms.service.ts';
import { authUser } from '#src/features/auth/index.ts';

const tags = ['admin rooms'];
const security = [{ bearer: [] }];

/** Room types and room numbers of the signed-in admin's stays (behind requireAdmin). */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/stays/:id/room-types',
    { schema: { tags, security, params: IdParams, body: RoomTypeInput, response: { 201: MessageBody } } },
    async (request, reply) => {
      await rooms.addRoomType(app.deps, authUser(request).id, request.params.id, request.body);
      return reply.status(201).send({ message: ROOM_MSG.added });
    },
  );

  app.get(
    '/stays/:id/rooms',
    { schema: { tags, security, params: IdParams, response: { 200: AdminRoomsList } } },
    async (request) => ({ rooms: await rooms.listRooms(app.deps, authUser(request).id, request.params.id) }),
  );

  app.put(
    '/room-types/:id',
    { schema: { tags, security, params: IdParams, body: RoomTypeUpdateInput, response: { 200: MessageBody } } },
    async (request) => {
      await rooms.updateRoomType(app.deps, authUser(request).id, request.params.id, request.body);
      return { message: ROOM_MSG.updated };
    },
  );

  app.delete(
    '/room-types/:roomTypeId/room-numbers/:roomNumberId',
    { schema: { tags, security, params: RoomNumberParams, response: { 200: MessageBody } } },
    async (request) => {
      const { roomTypeId, roomNumberId } = request.params;
      const { archived } = await rooms.deleteRoomNumber(app.deps, authUser(request).id, roomTypeId, roomNumberId);
      return { message: archived ? ROOM_MSG.archived : ROOM_MSG.deleted };
    },
  );
};
export default routes;
