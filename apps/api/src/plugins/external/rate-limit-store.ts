import { createRequire } from 'node:module';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

type Result = { current: number; ttl: number };
type Callback = (err: Error | null, res?: Result) => void;
type Store = {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  read(key: string, cb: Callback, timeWindow: number, max: number): void;
  child(routeOptions: object): Store;
};

// @fastify/rate-limit's own stores: counters in Redis (shared by every process) and in this process's memory.
const require = createRequire(import.meta.url);
type RedisStoreCtor = new (continueExceeding: boolean, exponentialBackoff: boolean, redis: Redis, key?: string) => Store;
type LocalStoreCtor = new (continueExceeding: boolean, exponentialBackoff: boolean, cache?: number) => Store;
const RedisStore: RedisStoreCtor = require('@fastify/rate-limit/store/RedisStore');
const LocalStore: LocalStoreCtor = require('@fastify/rate-limit/store/LocalStore');

/** The two settings a store reads of the plugin's merged parameters (typed by the plugin as route options). */
const flagsOf = (params: object) => ({
  continueExceeding: 'continueExceeding' in params && params.continueExceeding === true,
  exponentialBackoff: 'exponentialBackoff' in params && params.exponentialBackoff === true,
});

/**
 * A rate-limit store that counts in Redis while Redis answers, and in this process's memory while it does not:
 * limits are never off. Falling back is logged as an error once per outage, recovering as info once.
 */
export function redisWithLocalFallback(redis: Redis, nameSpace: string, log: FastifyBaseLogger): FastifyRateLimitStoreCtor {
  let degraded = false;
  const fellBack = (err: unknown) => {
    if (degraded) return;
    degraded = true;
    log.error(
      { err: err instanceof Error ? err.message : String(err) },
      'Redis unavailable: rate limits are counted per process until it is back',
    );
  };
  const recovered = () => {
    if (!degraded) return;
    degraded = false;
    log.info('Redis available again: rate limits are shared by every process');
  };

  class FallbackStore implements Store {
    private readonly shared: Store;
    private readonly local: Store;

    /** `new Store(params)` by the plugin; a route's own limits get a child of both stores. */
    constructor(params: object, stores?: { shared: Store; local: Store }) {
      const { continueExceeding, exponentialBackoff } = flagsOf(params);
      this.shared = stores?.shared ?? new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace);
      this.local = stores?.local ?? new LocalStore(continueExceeding, exponentialBackoff);
    }

    private use(method: 'incr' | 'read', key: string, cb: Callback, timeWindow: number, max: number) {
      if (redis.status !== 'ready') {
        fellBack(new Error(`connection ${redis.status}`));
        return this.local[method](key, cb, timeWindow, max);
      }
      this.shared[method](
        key,
        (err, res) => {
          if (err || !res) {
            fellBack(err);
            return this.local[method](key, cb, timeWindow, max);
          }
          recovered();
          cb(null, res);
        },
        timeWindow,
        max,
      );
    }

    incr(key: string, cb: Callback, timeWindow: number, max: number) {
      this.use('incr', key, cb, timeWindow, max);
    }

    read(key: string, cb: Callback, timeWindow: number, max: number) {
      this.use('read', key, cb, timeWindow, max);
    }

    child(routeOptions: object) {
      return new FallbackStore(routeOptions, { shared: this.shared.child(routeOptions), local: this.local.child(routeOptions) });
    }
  }
  return FallbackStore;
}
