import { createHash } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import { EARLY_REQUEST_SCRIPT } from '@repo/shared/constants/early-request';
import { API_MSG } from '@repo/shared/constants/messages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { Redis } from 'ioredis';
import { AppError } from '#src/lib/errors.ts';
import { redisWithLocalFallback } from './rate-limit-store.ts';

/** The page's one inline script, allowed by its hash (the web build puts exactly this text in index.html). */
export const EARLY_REQUEST_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(EARLY_REQUEST_SCRIPT).digest('base64')}'`;

/** The payment provider's checkout runs in our page: its script, frames and API must be allowed. */
const RAZORPAY_CHECKOUT = 'https://checkout.razorpay.com';
const RAZORPAY = [RAZORPAY_CHECKOUT, 'https://api.razorpay.com', 'https://lumberjack.razorpay.com'];

/**
 * Counts attempts per account (by default the email in the body) on top of the per-address limits. `account`, when
 * given, is the account counted instead of the one the limit reads from the request.
 */
export type AccountLimit = {
  /** Refuses (429) while the account's quota is used up, without counting this request. */
  check(req: FastifyRequest, reply: FastifyReply, account?: string): Promise<void>;
  /** Counts one attempt (a failed login). */
  count(req: FastifyRequest, account?: string): Promise<void>;
  /** Counts this request and refuses it (429) past the quota. */
  take(req: FastifyRequest, reply: FastifyReply, account?: string): Promise<void>;
};

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * A per-account limit named `name` (its own counters, shared through Redis like the others; limits made with one
     * name anywhere in the app count in the same counters, with or without Redis). The account is the email of the
     * body unless `accountOf` says otherwise (e.g. the signed-in user); `message` words the refusal (the generic
     * "too many attempts" otherwise).
     */
    accountLimit(
      name: string,
      limit: { max: number; timeWindow: number },
      accountOf?: (req: FastifyRequest) => string,
      message?: (seconds: number) => string,
    ): AccountLimit;
  }
}

/** API routes are limited; the SPA's files and fallback page and the API docs are not. */
const isLimitedRoute = (url: string | undefined) => Boolean(url?.startsWith('/api/')) && !url?.startsWith('/api/docs');

/** The account a request is about: the email of its body, as accounts store it (trimmed, lower case). */
const emailOf = (req: FastifyRequest) => {
  const body = req.body;
  const email = typeof body === 'object' && body !== null && 'email' in body ? body.email : undefined;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
};

/**
 * Helmet with a strict Content-Security-Policy, and rate limits: a generous global one, strict ones on
 * login and forgot-password (routes set `config.rateLimit`). With REDIS_URL the counters are shared by
 * every API process.
 */
export default fp(
  async (app: FastifyInstance) => {
    // Helmet's headers, configured once (@fastify/helmet would build the middleware again on every request).
    const securityHeaders = helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", EARLY_REQUEST_SCRIPT_SOURCE, RAZORPAY_CHECKOUT],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https://*.razorpay.com'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", ...RAZORPAY],
          frameSrc: RAZORPAY,
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: { policy: 'same-origin' },
    });
    app.addHook('onRequest', (request, reply, done) =>
      securityHeaders(request.raw, reply.raw, (err) => done(err instanceof Error ? err : undefined)),
    );

    const redis = app.config.redisUrl
      ? new Redis(app.config.redisUrl, {
          connectTimeout: 1000,
          maxRetriesPerRequest: 1,
          enableOfflineQueue: false,
          lazyConnect: false,
        })
      : undefined;
    if (redis) {
      app.addHook('onClose', async () => void redis.disconnect());
      // ioredis reconnects by itself; the store below says when counting falls back to this process and back.
      redis.on('error', () => {});
      // Give the first connection a moment so the first requests are counted in Redis; start anyway without it.
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          redis.off('ready', done);
          redis.off('error', done);
          resolve();
        };
        const timer = setTimeout(done, 2000);
        redis.once('ready', done);
        redis.once('error', done);
      });
    }

    await app.register(rateLimit, {
      global: true,
      max: app.config.rateLimits.global,
      timeWindow: '1 minute',
      // With Redis the counters are shared by every process; while Redis does not answer they are counted in this
      // process (never not at all).
      ...(redis ? { store: redisWithLocalFallback(redis, app.config.rateLimitNamespace ?? 'staybook-rl-', app.log) } : {}),
      // Exempt by the route the request was matched to, never by its raw URL: `/%61pi/...` is routed to the API
      // and must be counted like `/api/...` (the SPA's files, the fallback page and the API docs are exempt).
      allowList: (req) => !isLimitedRoute(req.routeOptions.url),
      // Counted per client address in its one form (IPv4, or an IPv6 /64 network; ADR 046), for every route limit too.
      keyGenerator: (req) => req.clientAddress,
      errorResponseBuilder: (_req, ctx) => ({ statusCode: 429, message: API_MSG.tooMany, retryAfter: ctx.after }),
    });

    /** The counters of each account limit by name, and the account each request is counted under. */
    const counters = new Map<
      string,
      {
        limit: { max: number; timeWindow: number };
        limiter: ReturnType<typeof app.createRateLimit>;
        accounts: WeakMap<FastifyRequest, string>;
      }
    >();
    const countersOf = (name: string, limit: { max: number; timeWindow: number }) => {
      const known = counters.get(name);
      if (known) {
        if (known.limit.max !== limit.max || known.limit.timeWindow !== limit.timeWindow)
          throw new Error(`account limit "${name}" is made twice with different quotas`);
        return known;
      }
      const accounts = new WeakMap<FastifyRequest, string>();
      const made = {
        limit,
        accounts,
        limiter: app.createRateLimit({
          max: limit.max,
          timeWindow: limit.timeWindow,
          keyGenerator: (req) => `account-${name}:${accounts.get(req) ?? ''}`,
        }),
      };
      counters.set(name, made);
      return made;
    };

    app.decorate(
      'accountLimit',
      (
        name: string,
        limit: { max: number; timeWindow: number },
        accountOf = emailOf,
        message: (seconds: number) => string = API_MSG.tooManyFor,
      ): AccountLimit => {
        const { limiter, accounts } = countersOf(name, limit);
        const counted = (req: FastifyRequest, account: string | undefined, increment: boolean) => {
          accounts.set(req, account ?? accountOf(req));
          return increment ? limiter(req) : limiter(req, { increment: false });
        };
        const refuse = (reply: FastifyReply, seconds: number) => {
          reply.header('retry-after', Math.max(1, seconds));
          throw new AppError(429, message(seconds), 'TOO_MANY_REQUESTS');
        };
        return {
          async check(req, reply, account) {
            const r = await counted(req, account, false);
            if (!r.isAllowed && r.remaining === 0 && r.ttl > 0) refuse(reply, r.ttlInSeconds);
          },
          async count(req, account) {
            await counted(req, account, true);
          },
          async take(req, reply, account) {
            const r = await counted(req, account, true);
            if (!r.isAllowed && r.isExceeded) refuse(reply, r.ttlInSeconds);
          },
        };
      },
    );
  },
  { name: 'security', dependencies: ['config', 'client-address'] },
);
