import type { FastifyPluginAsync } from 'fastify';
import wishlist from './wishlist.routes.ts';

/** The wishlist feature's public entry: a guest's saved stays, /api/me/wishlist. */
export const wishlistPlugin: FastifyPluginAsync = async (app) => {
  await app.register(wishlist, { prefix: '/me/wishlist' });
};
