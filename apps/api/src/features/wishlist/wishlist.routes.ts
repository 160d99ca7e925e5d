import { ErrorBody } from '@repo/shared/schemas/common';
import { WishlistChange, WishlistDto, WishlistIds, WishlistParams } from '@repo/shared/schemas/wishlist';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authUser } from '#src/features/auth/index.ts';
import { listSaved, listSavedIds, removeStay, saveStay } from './wishlist.service.ts';

const tags = ['wishlist'];
const security = [{ bearer: [] }];
const denied = { 401: ErrorBody, 403: ErrorBody };

/** /api/me/wishlist: the stays the signed-in guest saved (the hearts and the Saved page). */
const routes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '',
    {
      onRequest: app.requireGuest,
      schema: {
        tags,
        security,
        summary: 'My saved live stays, newest first, as stay cards',
        response: { 200: WishlistDto, ...denied },
      },
    },
    async (request) => ({ stays: await listSaved(deps, authUser(request).id) }),
  );

  app.get(
    '/ids',
    {
      onRequest: app.requireGuest,
      schema: {
        tags,
        security,
        summary: 'The ids of my saved live stays, newest first',
        response: { 200: WishlistIds, ...denied },
      },
    },
    async (request) => ({ stayIds: await listSavedIds(deps, authUser(request).id) }),
  );

  app.put(
    '/:stayId',
    {
      onRequest: app.requireGuest,
      schema: {
        tags,
        security,
        summary: 'Save a stay (idempotent); 404 for an unknown or removed stay',
        params: WishlistParams,
        response: { 200: WishlistChange, 400: ErrorBody, ...denied, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => saveStay(deps, authUser(request).id, request.params.stayId),
  );

  app.delete(
    '/:stayId',
    {
      onRequest: app.requireGuest,
      schema: {
        tags,
        security,
        summary: 'Remove a stay from my saved stays (idempotent)',
        params: WishlistParams,
        response: { 200: WishlistChange, 400: ErrorBody, ...denied },
      },
    },
    async (request) => removeStay(deps, authUser(request).id, request.params.stayId),
  );
};
export default routes;
