import { API_MSG } from '@repo/shared/constants/messages';
import { ProfileDto, ProfileUpdateInput, ProfileUpdateResult } from '@repo/shared/schemas/auth';
import { ErrorBody } from '@repo/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getProfile, updateProfile } from '#src/features/accounts/profile.service.ts';
import { reissueToken } from '#src/features/auth/session-token.ts';
import { authUser } from '#src/features/auth/auth-user.ts';

/** /api/me: the signed-in guest's own profile. (/api/me/bookings belongs to the bookings routes, /api/me/wishlist to ./wishlist.ts.) */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      onRequest: app.requireGuest,
      schema: {
        tags: ['me'],
        summary: 'The signed-in user, with isLoggedIn and the billing address on record',
        security: [{ bearer: [] }],
        response: { 200: ProfileDto, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => getProfile(app.deps, authUser(request).id),
  );

  app.patch(
    '',
    {
      onRequest: app.requireGuest,
      schema: {
        tags: ['me'],
        summary:
          'Edit first name, last name, mobile, email or the billing address (address, PIN code, GST state code; kept whole); a blank field keeps its value; answers a token with the new details',
        security: [{ bearer: [] }],
        body: ProfileUpdateInput,
        response: { 200: ProfileUpdateResult, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => {
      const { id, sessionId } = authUser(request);
      const user = await updateProfile(app.deps, id, request.body);
      app.sessionCache.forgetUser(id);
      const loginToken = await reissueToken(app.db, app.config.jwtSecret, user, sessionId, 'guest');
      return { user, message: API_MSG.profileUpdated, loginToken };
    },
  );
};
export default routes;
