import type { Audience } from '@repo/shared/constants/domain';
import { API_MSG } from '@repo/shared/constants/messages';
import {
  AdminLoginResult,
  ConfirmEmailInput,
  ConfirmEmailRequestInput,
  ForgotPasswordInput,
  LoginInput,
  LoginResult,
  RegisterInput,
  RegisterResult,
  ResetLinkParams,
  ResetPasswordInput,
} from '@repo/shared/schemas/auth';
import { ErrorBody, MessageBody } from '@repo/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '#src/lib/errors.ts';
import { authUser } from './auth-user.ts';
import * as auth from './auth.service.ts';
import { confirmMailLimit } from './confirm-limits.ts';

/**
 * register, login, logout, forgot-password, reset link check and reset-password of one area:
 * /api/auth (guests, `{loginToken}`) or /api/admin/auth (admins, `{adminLoginToken}`).
 */
export function authRoutes(audience: Audience): FastifyPluginAsyncZod {
  return async (app) => {
    const { deps } = app;

    const tags = [audience === 'admin' ? 'admin auth' : 'auth'];
    const requireSession = audience === 'admin' ? app.requireAdmin : app.requireGuest;
    const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });
    // Per account too (the email in the body, whatever the address): failed logins, and reset mails asked for.
    const limits = app.config.rateLimits;
    const loginsOfAccount = app.accountLimit(`${audience}-login`, limits.loginPerAccount);
    const resetsOfAccount = app.accountLimit(`${audience}-forgot`, limits.forgotPerAccount);
    const confirmsOfAccount = app.accountLimit('confirm-resend', limits.confirmPerAccount, (req) => authUser(req).id);
    // Asked for without a session, by the email of the body: the same quota per account.
    const confirmRequestsOfAccount = app.accountLimit('confirm-request', limits.confirmPerAccount);
    // And per address mailed, whoever asks (ADR 045): the same counters as a new email in My Profile.
    const mailsTo = confirmMailLimit(app);

    app.post(
      '/register',
      {
        // Accounts per address (ADR 024): many accounts from one place are what hoarding rooms would need.
        config: { rateLimit: { max: limits.register.max, timeWindow: limits.register.timeWindow } },
        schema: {
          tags,
          summary:
            audience === 'admin'
              ? 'Create an admin-area account (admin rights only for the first admin; others wait for approval)'
              : 'Create a guest account',
          body: RegisterInput,
          response: { 201: RegisterResult, 400: ErrorBody, 409: ErrorBody, 429: ErrorBody },
        },
      },
      async (request, reply) => reply.status(201).send(await auth.register(deps, request.body, audience)),
    );

    app.post(
      '/login',
      {
        config: perMinute(app.config.rateLimits.login),
        schema: {
          tags,
          summary: audience === 'admin' ? 'Log in as an approved admin' : 'Log in as a guest',
          body: LoginInput,
          response: {
            200: audience === 'admin' ? AdminLoginResult : LoginResult,
            400: ErrorBody,
            401: ErrorBody,
            403: ErrorBody,
            429: ErrorBody,
          },
        },
      },
      async (request, reply) => {
        await loginsOfAccount.check(request, reply);
        let token: string;
        try {
          token = await auth.login(deps, request.body, audience);
        } catch (err) {
          if (err instanceof AppError && err.statusCode === 401) await loginsOfAccount.count(request);
          throw err;
        }
        return audience === 'admin' ? { adminLoginToken: token } : { loginToken: token };
      },
    );

    app.post(
      '/logout',
      {
        onRequest: requireSession,
        schema: {
          tags,
          summary: 'End the session of this token',
          security: [{ bearer: [] }],
          response: { 204: z.null().describe('Logged out'), 401: ErrorBody, 403: ErrorBody },
        },
      },
      async (request, reply) => {
        const { id, sessionId } = authUser(request);
        await auth.logout(deps, sessionId);
        app.sessionCache.forgetUser(id);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/forgot-password',
      {
        config: perMinute(app.config.rateLimits.forgot),
        schema: {
          tags,
          summary: 'Mail a password reset link (same answer whether or not the email exists)',
          body: ForgotPasswordInput,
          response: { 202: MessageBody, 400: ErrorBody, 429: ErrorBody },
        },
      },
      async (request, reply) => {
        // Counted for any email, known or not, so the answer never tells which accounts exist.
        await resetsOfAccount.take(request, reply);
        await auth.forgotPassword(deps, request.body, audience);
        return reply.status(202).send({ message: API_MSG.forgotSent });
      },
    );

    app.get(
      '/reset/:userId/:token',
      {
        schema: {
          tags,
          summary: 'Check a mailed reset link',
          params: ResetLinkParams,
          response: { 200: MessageBody, 400: ErrorBody },
        },
      },
      async (request) => {
        await auth.checkResetLink(deps, request.params, audience);
        return { message: API_MSG.resetLinkValid };
      },
    );

    // The email confirmation link (ADR 024) belongs to the account, not to an area: it is served by the guest area.
    if (audience === 'guest') {
      app.post(
        '/confirm-email',
        {
          // Tries per client address, as login and forgot-password are limited.
          config: perMinute(limits.confirm),
          schema: {
            tags,
            summary:
              'Confirm the email address of an account with its mailed link (works once, and only while the address it was mailed to is the account email)',
            body: ConfirmEmailInput,
            response: { 200: MessageBody, 400: ErrorBody, 429: ErrorBody },
          },
        },
        async (request) => ({ message: await auth.confirmEmail(deps, request.body) }),
      );

      app.post(
        '/confirm-email/resend',
        {
          onRequest: requireSession,
          config: perMinute(limits.forgot),
          schema: {
            tags,
            summary: 'Mail the signed-in guest a new email confirmation link',
            security: [{ bearer: [] }],
            response: { 202: MessageBody, 401: ErrorBody, 429: ErrorBody },
          },
        },
        async (request, reply) => {
          await confirmsOfAccount.take(request, reply);
          const message = await auth.resendConfirmation(deps, authUser(request).id, (address) =>
            mailsTo(request, reply, address),
          );
          return reply.status(202).send({ message });
        },
      );

      app.post(
        '/confirm-email/request',
        {
          config: perMinute(limits.forgot),
          schema: {
            tags,
            summary:
              'Mail a new email confirmation link to the account of this email, when it waits for one, without signing in (the page after sign-up); the same answer in every case',
            body: ConfirmEmailRequestInput,
            response: { 202: MessageBody, 400: ErrorBody, 429: ErrorBody },
          },
        },
        async (request, reply) => {
          // Counted for any email, known or not (as forgot-password), and per address mailed (ADR 045).
          await confirmRequestsOfAccount.take(request, reply);
          await auth.requestConfirmation(deps, request.body.email, (address) => mailsTo(request, reply, address));
          return reply.status(202).send({ message: API_MSG.confirmRequested });
        },
      );
    }

    app.post(
      '/reset-password',
      {
        schema: {
          tags,
          summary: "Set a new password with a mailed link's user id and token",
          body: ResetPasswordInput,
          response: { 200: MessageBody, 400: ErrorBody },
        },
      },
      async (request) => {
        await auth.resetPassword(deps, request.body, audience);
        app.sessionCache.forgetUser(request.body.userId);
        return { message: API_MSG.resetDone };
      },
    );
  };
}
