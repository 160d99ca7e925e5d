import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import { LIMITS } from '@repo/shared/constants/domain';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { isSandbox, isSandboxRoute, sandboxModule } from './adapters/sandbox/index.ts';
import type { Config } from './config/config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { registerErrorHandlers } from './lib/error-handler.ts';
import { trustProxyOption } from './lib/client-address.ts';
import { rememberingValidatorCompiler } from './lib/validation.ts';
import { accountsPlugin } from './features/accounts/index.ts';
import { adminUsersPlugin } from './features/admin-users/index.ts';
import { authenticationPlugin, authPlugin } from './features/auth/index.ts';
import { bookingsPlugin } from './features/bookings/index.ts';
import { channelsPlugin } from './features/channels/index.ts';
import { grievancesPlugin } from './features/grievances/index.ts';
import { invoicesPlugin } from './features/invoices/index.ts';
import { ownerPlugin } from './features/owner/index.ts';
import { formCPlugin } from './features/form-c/index.ts';
import { payoutsPlugin } from './features/payouts/index.ts';
import { ratesPlugin } from './features/rates/index.ts';
import { reviewsPlugin } from './features/reviews/index.ts';
import { roomsPlugin } from './features/rooms/index.ts';
import { searchPlugin } from './features/search/index.ts';
import { sitePlugin } from './features/site/index.ts';
import { staffPlugin } from './features/staff/index.ts';
import { staysPlugin } from './features/stays/index.ts';
import { wishlistPlugin } from './features/wishlist/index.ts';
import clientAddressPlugin from './plugins/app/client-address.ts';
import dbPlugin from './plugins/app/db.ts';
import platformPlugin from './plugins/app/platform.ts';
import readsPlugin from './plugins/app/reads.ts';
import stayChangesPlugin from './plugins/app/stay-changes.ts';
import configPlugin from './plugins/external/config.ts';
import docs from './plugins/external/docs.ts';
import security from './plugins/external/security.ts';
import spa from './plugins/external/spa.ts';

export type BuildOptions = {
  config: Config;
  /** An open database to use (tests); otherwise one is opened from the config. */
  database?: Database;
  logger?: FastifyServerOptions['logger'];
};

/**
 * Every feature, each one Fastify plugin with its routes, outbox handlers and timers (ADR 027), under /api. Admin
 * routes (all but admin auth) sit behind requireAdmin; a stay owner's act on their own stays only, the platform's
 * (users) add requirePlatform (ADR 023).
 */
const FEATURES = [
  sitePlugin,
  authPlugin,
  accountsPlugin,
  wishlistPlugin,
  staysPlugin,
  searchPlugin,
  bookingsPlugin,
  reviewsPlugin,
  grievancesPlugin,
  roomsPlugin,
  ratesPlugin,
  ownerPlugin,
  formCPlugin,
  channelsPlugin,
  invoicesPlugin,
  adminUsersPlugin,
  payoutsPlugin,
  staffPlugin,
];

/** Builds the whole app: external plugins → our plugins → features. Only server.ts listens. */
export async function buildApp({ config, database, logger }: BuildOptions) {
  // The database is opened (and migrated) before any plugin is registered: on a slow machine the embedded database
  // may take longer to open than Fastify gives a plugin to load (10 s), and start-up must not fail on that.
  const opened = database ?? (await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir }));
  try {
    return await assemble({ config, database, logger }, opened);
  } catch (err) {
    if (!database) await opened.close().catch(() => undefined);
    throw err;
  }
}

async function assemble({ config, database, logger }: BuildOptions, opened: Database) {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    // Exactly the proxies TRUST_PROXY names (a hop count or their addresses): a forged left part of X-Forwarded-For
    // is ignored. request.clientAddress gives the client's address in its one form (ADR 046).
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 256 * 1024,
    // No request may hold a connection forever: an unfinished body or header block is cut off (408 or closed).
    requestTimeout: config.timeouts.requestMs,
    keepAliveTimeout: config.timeouts.keepAliveMs,
    connectionTimeout: config.timeouts.idleSocketMs,
    http: { headersTimeout: config.timeouts.headersMs, connectionsCheckingInterval: config.timeouts.checkEveryMs },
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    ajv: { customOptions: { removeAdditional: 'all' } },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(rememberingValidatorCompiler());
  app.setSerializerCompiler<Parameters<typeof serializerCompiler>[0]['schema']>((route) => {
    // Answers are checked against the route's response schema; a kept (frozen) answer, served again and again, is
    // checked and serialized once per route and status.
    const serialize = serializerCompiler(route);
    const done = new WeakMap<object, string>();
    return (data: unknown) => {
      if (data === null || typeof data !== 'object' || !Object.isFrozen(data)) return serialize(data);
      let json = done.get(data);
      if (json === undefined) {
        json = serialize(data);
        done.set(data, json);
      }
      return json;
    };
  });
  registerErrorHandlers(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(configPlugin, { config });
  await app.register(clientAddressPlugin);
  await app.register(security);
  // API answers compressed for clients that ask (a quick brotli level: answers are made per request); the SPA's
  // files are sent precompressed by the static plugin and left as they are.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(docs);
  await app.register(multipart, {
    limits: { fileSize: LIMITS.maxImageBytes, files: LIMITS.maxRoomImages + 1, fields: 40, fieldSize: 16 * 1024, parts: 60 },
  });
  await app.register(dbPlugin, { database: opened, closeOnClose: !database });
  await app.register(readsPlugin, { database: opened });
  await app.register(platformPlugin);
  await app.register(authenticationPlugin);
  await app.register(stayChangesPlugin);
  await app.register(
    async (api) => {
      for (const feature of FEATURES) await api.register(feature);
    },
    { prefix: '/api' },
  );
  // The offline sandbox, only when it takes the payments: its checkout routes and its webhooks (ADR 030).
  if (isSandbox(app.deps.payments))
    await app.register(sandboxModule, {
      gateway: app.deps.payments,
      route: isSandboxRoute(app.deps.payouts) ? app.deps.payouts : undefined,
      prefix: '/api/payments/sandbox',
    });
  await app.register(spa);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
