import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createRazorpayGateway, createRazorpayRoute } from '#src/adapters/razorpay/index.ts';
import { createSandboxGateway, createSandboxRoute, isSandbox } from '#src/adapters/sandbox/index.ts';
import { type Deps, systemClock } from '#src/platform/deps.ts';
import { createMailer } from '#src/platform/mail.ts';
import { createOutbox } from '#src/platform/outbox.ts';
import type { PaymentGateway } from '#src/platform/payments/gateway.ts';
import type { PayoutGateway } from '#src/platform/payouts/gateway.ts';
import { createStorage } from '#src/platform/storage.ts';
import { every } from '#src/platform/schedule.ts';
import { createTasks } from '#src/platform/tasks.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** What services use: the database, config, gateway, mail, outbox, storage, clock and log (built once). */
    deps: Deps;
  }
}

function paymentGateway(app: FastifyInstance): PaymentGateway {
  const { razorpay, sandbox, env } = app.config;
  if (razorpay) {
    app.log.info({ gateway: 'razorpay', keyId: razorpay.keyId }, 'payments through Razorpay');
    return createRazorpayGateway(razorpay);
  }
  if (env === 'production')
    app.log.warn(
      { gateway: 'sandbox' },
      'payments through the offline sandbox (PAYMENTS=sandbox): test cards only, no money is taken',
    );
  else app.log.info({ gateway: 'sandbox' }, 'payments through the offline sandbox: test cards only');
  return createSandboxGateway(app.db, sandbox, app.log);
}

/** Payouts go through the gateway that takes the payments: Razorpay Route, or the sandbox's. */
function payoutGateway(app: FastifyInstance, payments: PaymentGateway): PayoutGateway {
  const { razorpay, sandbox } = app.config;
  if (razorpay) return createRazorpayRoute(razorpay);
  if (!isSandbox(payments)) throw new Error('payments without Razorpay keys are the sandbox');
  return createSandboxRoute(app.db, payments, { transferDelayMs: sandbox.transferDelayMs }, (err) =>
    app.log.error({ err }, 'the sandbox could not settle a transfer'),
  );
}

/**
 * fastify.deps: the gateway (Razorpay when its keys are set, else the offline sandbox), mail (SMTP, or .eml files in
 * DATA_DIR/outbox), background tasks, image storage (DATA_DIR/media, served at /media/* with a year-long immutable cache: a key never
 * changes content) and the outbox with its poller and pruning.
 */
export default fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    const mail = createMailer(config, app.log);
    app.addHook('onClose', async () => mail.close());
    const outbox = createOutbox(app.db, app.log);
    const storage = createStorage(path.join(config.dataDir, 'media'));
    const tasks = createTasks(app.log);
    app.addHook('onClose', () => tasks.drain());
    const payments = paymentGateway(app);
    app.decorate('deps', {
      db: app.db,
      config,
      payments,
      payouts: payoutGateway(app, payments),
      mail,
      outbox,
      storage,
      clock: systemClock,
      log: app.log,
      tasks,
    });

    await app.register(fastifyStatic, {
      root: storage.dir,
      prefix: '/media/',
      decorateReply: false,
      index: false,
      wildcard: true,
      cacheControl: true,
      maxAge: 31_536_000_000,
      immutable: true,
      etag: true,
      lastModified: false,
    });

    // Done outbox entries are deleted a month on (at start, then hourly); due ones are carried out every poll.
    every(app, 60 * 60 * 1000, 'pruning the outbox', async () => {
      const n = await outbox.prune();
      if (n > 0) app.log.info({ count: n }, 'deleted outbox entries done long ago');
    });
    if (config.outboxPollMs > 0) every(app, config.outboxPollMs, 'outbox poll', () => outbox.runDue());
  },
  { name: 'platform', dependencies: ['config', 'db'] },
);
