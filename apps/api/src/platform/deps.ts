import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#src/config/config.ts';
import type { Db } from '#src/db/client.ts';
import type { Mailer } from './mail.ts';
import type { Outbox } from './outbox.ts';
import type { PaymentGateway } from './payments/gateway.ts';
import type { PayoutGateway } from './payouts/gateway.ts';
import type { Storage } from './storage.ts';
import type { Tasks } from './tasks.ts';

/** The time as services see it (tests may set it). */
export type Clock = { now(): Date };
export const systemClock: Clock = { now: () => new Date() };

/**
 * Everything a feature's services may use, built once when the app starts (plugins/app/platform.ts). A feature
 * names the part it needs (`Pick<Deps, ...>`); services take it as their first argument, repositories take
 * `db` or a transaction of it.
 */
export type Deps = {
  db: Db;
  config: Config;
  payments: PaymentGateway;
  /** Paying owners: Razorpay Route, or the sandbox's (ADR 032). */
  payouts: PayoutGateway;
  mail: Mailer;
  outbox: Outbox;
  storage: Storage;
  clock: Clock;
  log: FastifyBaseLogger;
  tasks: Tasks;
};
