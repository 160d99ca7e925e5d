import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { Redis } from 'ioredis';

/** The payment provider's checkout runs in our page: its script, frames and API must be allowed. */
const RAZORPAY = ['https://checkout.razorpay.com', 'https://api.razorpay.com', 'https://lumberjack.razorpay.com'];

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
          scriptSrc: ["'self'", RAZORPAY[0] as string],
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
      securityHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined)),
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
      // ioredis reconnects by itself; say once when the shared counters are lost and once when they are back.
      let down = false;
      redis.on('error', (err) => {
        if (!down) app.log.warn({ err: err.message }, 'Redis unavailable: rate limits are not enforced until it is back');
        down = true;
      });
      redis.on('ready', () => {
        if (down) app.log.info('Redis available again: shared rate limits enforced');
        down = false;
      });
      // Give the first connection a moment so the first requests are counted; start anyway without Redis.
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
      // Redis down: requests go through unlimited rather than failing (skipOnError); the app never depends on it.
      ...(redis ? { redis, nameSpace: app.config.rateLimitNamespace ?? 'staybook-rl-', skipOnError: true } : {}),
      allowList: (req) => !req.url.startsWith('/api/') || req.url.startsWith('/api/docs'),
      errorResponseBuilder: (_req, ctx) => ({ statusCode: 429, message: 'Too many requests', retryAfter: ctx.after }),
    });
  },
  { name: 'security', dependencies: ['config'] },
);
