import { IdParams, MessageBody } from '@repo/shared/schemas/common';
import { AdminRoomsList, RoomNumberParams, RoomTypeInput, RoomTypeUpdateInput } from '@repo/shared/schemas/room';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ROOM_MSG } from './messages.ts';
import * as rooms from './rooms.service.ts';
import { ownerOf } from '#src/features/auth/index.ts';
import { staffMay } from '#src/features/staff/index.ts';

const tags = ['admin rooms'];
const security = [{ bearer: [] }];

/** Room types and room numbers of the signed-in admin's stays (behind requireAdmin). */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/stays/:id/room-types',
    {
      config: { staff: staffMay('stays.edit', { kind: 'stay' }, 'addRoomType') },
      schema: { tags, security, params: IdParams, body: RoomTypeInput, response: { 201: MessageBody } },
    },
    async (request, reply) => {
      await rooms.addRoomType(app.deps, ownerOf(request), request.params.id, request.body);
      return reply.status(201).send({ message: ROOM_MSG.added });
    },
  );

  app.get(
    '/stays/:id/rooms',
    {
      config: { staff: staffMay('stays.view', { kind: 'stay' }) },
      schema: { tags, security, params: IdParams, response: { 200: AdminRoomsList } },
    },
    async (request) => ({ rooms: await rooms.listRooms(app.deps, ownerOf(request), request.params.id) }),
  );

  app.put(
    '/room-types/:id',
    {
      config: { staff: staffMay('stays.edit', { kind: 'roomType' }, 'editRoomType') },
      schema: { tags, security, params: IdParams, body: RoomTypeUpdateInput, response: { 200: MessageBody } },
    },
    async (request) => {
      await rooms.updateRoomType(app.deps, ownerOf(request), request.params.id, request.body);
      return { message: ROOM_MSG.updated };
    },
  );

  app.delete(
    '/room-types/:roomTypeId/room-numbers/:roomNumberId',
    {
      config: { staff: staffMay('stays.edit', { kind: 'roomType', key: 'roomTypeId' }, 'deleteRoomNumber') },
      schema: { tags, security, params: RoomNumberParams, response: { 200: MessageBody } },
    },
    async (request) => {
      const { roomTypeId, roomNumberId } = request.params;
      const { archived } = await rooms.deleteRoomNumber(app.deps, ownerOf(request), roomTypeId, roomNumberId);
      return { message: archived ? ROOM_MSG.archived : ROOM_MSG.deleted };
    },
  );
};
export default routes;
