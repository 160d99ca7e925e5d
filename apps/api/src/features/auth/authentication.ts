import { API_MSG } from '@repo/shared/constants/messages';
import type { Audience } from '@repo/shared/constants/domain';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '#src/lib/errors.ts';
import { every } from '#src/platform/schedule.ts';
import type { AuthUser } from './auth-user.ts';
import { findLiveSession, findStaffScope, pruneAuthRecords } from './auth.repository.ts';
import { SessionCache } from './session-cache.ts';
import { verifyToken } from './tokens.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: a live guest session (token from /api/auth/login). */
    requireGuest: preHandlerAsyncHookHandler;
    /** preHandler: a live admin session of a user who is an admin now. */
    requireAdmin: preHandlerAsyncHookHandler;
    /** preHandler: as requireAdmin, and the admin holds the platform role now (403 for a stay owner; ADR 023). */
    requirePlatform: preHandlerAsyncHookHandler;
    /** Sessions checked lately; routes that change a user or end sessions call `forgetUser`. */
    sessionCache: SessionCache<AuthUser>;
  }
}

function bearer(request: FastifyRequest): string | null {
  const h = request.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(h.trim());
  // A token sent as it was given, without `Bearer `, is accepted too (the product's clients may send either).
  return m?.[1] ?? (/^[\w-]+\.[\w-]+\.[\w-]+$/.test(h.trim()) ? h.trim() : null);
}

/**
 * The platform guard (ADR 023), `app.requirePlatform`: the admin guard, then the platform role. On a route already
 * behind requireAdmin the second check reads the user it found.
 */
function platformGuard(requireAdmin: preHandlerAsyncHookHandler): preHandlerAsyncHookHandler {
  return async function platformOnly(this: FastifyInstance, request, reply) {
    if (request.user?.audience !== 'admin') await requireAdmin.call(this, request, reply);
    if (!request.user?.isPlatform) throw forbidden(API_MSG.notPlatform);
  };
}

/** Request authentication for every feature: app.requireGuest, requireAdmin, requirePlatform and the session cache. */
export const authenticationPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('user', null);

    const cache = new SessionCache<AuthUser>({ maxAgeMs: app.config.sessionCacheMs });
    app.decorate('sessionCache', cache);
    if (app.config.sessionCacheMs > 0) {
      const stop = await app.dbListen('staybook_auth', {
        onNotify: (userId) => cache.forgetUser(userId),
        onGap: (listening) => {
          if (!listening) app.log.warn('Not hearing session changes: every request reads its session until it is back');
          cache.setListening(listening);
        },
      });
      app.addHook('onClose', async () => {
        cache.setListening(false);
        await stop();
      });
      // PGlite listens at once; a PostgreSQL listener reports itself through onGap.
      if (app.dbKind === 'pglite') cache.setListening(true);
    }

    const authenticate =
      (audience: Audience): preHandlerAsyncHookHandler =>
      async (request) => {
        const token = bearer(request);
        if (!token) throw unauthorized();
        const cached = cache.get(token);
        if (cached?.audience === audience) {
          request.user = cached;
          return;
        }
        const generation = cache.generation;
        const claims = await verifyToken(app.config.jwtSecret, token, audience);
        if (!claims) {
          const other: Audience = audience === 'admin' ? 'guest' : 'admin';
          if (await verifyToken(app.config.jwtSecret, token, other)) throw forbidden();
          throw unauthorized(API_MSG.sessionExpired);
        }
        const row = await findLiveSession(app.db, claims, audience, new Date());
        if (!row) throw unauthorized(API_MSG.sessionExpired);
        // A staff member is no admin: their membership, read with the session, lets them in (ADR 066).
        const staff = audience === 'admin' && !row.isAdmin ? ((await findStaffScope(app.db, row.id)) ?? null) : null;
        if (audience === 'admin' && !row.isAdmin && !staff) throw forbidden(API_MSG.notAdmin);
        const { expiresAt, ...user } = row;
        request.user = { ...user, sessionId: claims.sid, audience, staff };
        cache.set(
          token,
          user.id,
          request.user,
          Math.min(expiresAt.getTime(), (claims.exp ?? Number.POSITIVE_INFINITY) * 1000),
          generation,
        );
      };

    // Ended sessions and spent reset links are deleted a week after they ended: at start, then every hour.
    every(app, 60 * 60 * 1000, 'pruning sessions and reset links', async () => {
      const n = await pruneAuthRecords(app.db, new Date());
      if (n.sessions + n.resets > 0) app.log.info(n, 'deleted ended sessions and spent reset links');
    });

    app.decorate('requireGuest', authenticate('guest'));
    const requireAdmin = authenticate('admin');
    app.decorate('requireAdmin', requireAdmin);
    app.decorate('requirePlatform', platformGuard(requireAdmin));
  },
  { name: 'auth', dependencies: ['db'] },
);
