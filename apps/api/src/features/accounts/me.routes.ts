import { API_MSG } from '@repo/shared/constants/messages';
import { ProfileDto, ProfileUpdateInput, ProfileUpdateResult } from '@repo/shared/schemas/auth';
import { ErrorBody, MessageBody } from '@repo/shared/schemas/common';
import { AccountDeleteInput, AccountDeletionDto, MyDataExport } from '@repo/shared/schemas/privacy';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountDeletion, deleteMyAccount, exportMyData } from './privacy.service.ts';
import { getProfile, updateProfile } from './profile.service.ts';
import { confirmMailLimit, reissueToken } from '#src/features/auth/index.ts';
import { authUser } from '#src/features/auth/index.ts';

/** /api/me: the signed-in guest's own profile, a copy of their data, and deleting their account. (/api/me/bookings belongs to the bookings routes, /api/me/wishlist to ./wishlist.ts.) */
const routes: FastifyPluginAsyncZod = async (app) => {
  // A new email address mails a link to it (ADR 045): new addresses per account, and confirmation mails per address
  // (whoever asks; the same counters as "send the link again").
  const emailChanges = app.config.rateLimits.emailChangesPerAccount.map((limit) =>
    app.accountLimit(`email-change-${limit.timeWindow}`, limit, (req) => authUser(req).id, API_MSG.emailChangesTooMany),
  );
  const mailsTo = confirmMailLimit(app);

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
          'Edit first name, last name, mobile, email or the billing address (address, PIN code, GST state code; kept whole); a blank field keeps its value; answers a token with the new details. A new email is unconfirmed until the link mailed to it is opened; new emails are limited per account and per address (429, nothing saved)',
        security: [{ bearer: [] }],
        body: ProfileUpdateInput,
        response: { 200: ProfileUpdateResult, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 409: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const { id, sessionId, email } = authUser(request);
      const user = await updateProfile(app.deps, id, request.body, async (address) => {
        for (const limit of emailChanges) await limit.take(request, reply);
        await mailsTo(request, reply, address);
      });
      app.sessionCache.forgetUser(id);
      const loginToken = await reissueToken(app.db, app.config.jwtSecret, user, sessionId, 'guest');
      const message = user.email === email ? API_MSG.profileUpdated : API_MSG.profileUpdatedConfirmEmail(user.email);
      return { user, message, loginToken };
    },
  );

  app.get(
    '/export',
    {
      onRequest: app.requireGuest,
      schema: {
        tags: ['me'],
        summary:
          'Everything the site holds about the signed-in person, as a JSON file: profile with the billing address, bookings with the billing details and hold address each was sold with, payments, refunds and invoice numbers, complaints with every answer, reviews with the reply, wishlist, subscriptions, sessions, mailed links',
        security: [{ bearer: [] }],
        response: { 200: MyDataExport, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const data = await exportMyData(app.deps, authUser(request).id);
      const day = data.exportedAt.slice(0, 10);
      reply.header('content-disposition', `attachment; filename="staybook-my-data-${day}.json"`);
      reply.header('cache-control', 'no-store');
      return data;
    },
  );

  app.get(
    '/deletion',
    {
      onRequest: app.requireGuest,
      schema: {
        tags: ['me'],
        summary:
          'Whether my account can be deleted now, and if not why (a booking to come, an account that manages stays): what DELETE would answer, asked before the password',
        security: [{ bearer: [] }],
        response: { 200: AccountDeletionDto, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => accountDeletion(app.deps, authUser(request).id),
  );

  app.delete(
    '',
    {
      onRequest: app.requireGuest,
      // Every try costs a password hash check: as few as a login.
      config: { rateLimit: { max: app.config.rateLimits.login, timeWindow: '1 minute' } },
      schema: {
        tags: ['me'],
        summary:
          'Delete my account (the password again). Refused (409) with a booking to come or as an admin; records the law keeps stay without the email or mobile',
        security: [{ bearer: [] }],
        body: AccountDeleteInput,
        response: { 200: MessageBody, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 409: ErrorBody, 429: ErrorBody },
      },
    },
    async (request) => {
      const { id } = authUser(request);
      await deleteMyAccount(app.deps, id, request.body.password);
      app.sessionCache.forgetUser(id);
      return { message: API_MSG.accountDeleted };
    },
  );
};
export default routes;
