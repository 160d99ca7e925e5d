import type { FastifyPluginAsync } from 'fastify';
import search from './search.routes.ts';

/** The search feature's public entry: /api/stays/search and a stay's room types for dates. */
export const searchPlugin: FastifyPluginAsync = async (app) => {
  await app.register(search, { prefix: '/stays' });
};
