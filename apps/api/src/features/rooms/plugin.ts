import type { FastifyPluginAsync } from 'fastify';
import { registerAdminRoutes } from '#src/lib/admin-scope.ts';
import adminRooms from './admin-rooms.routes.ts';

/** The rooms feature's public entry: an owner's room types and rooms with their pictures (/api/admin). */
export const roomsPlugin: FastifyPluginAsync = async (app) => {
  await registerAdminRoutes(app, adminRooms);
};
