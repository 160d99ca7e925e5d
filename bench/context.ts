import type autocannon from 'autocannon';
import type pg from 'pg';
import type { Database } from '../apps/api/src/db/client.ts';
import { users } from '../apps/api/src/db/schema/index.ts';

/** One measured endpoint: the numbers written to results.md. */
export type Measure = { name: string; p50: number; p99: number; rps: number; requests: number; non2xx: number; errors: number };

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** The windows' figures in one row: the medians, with the range of p99 and req/s. */
export function windowsRow(name: string, ms: Measure[]): string {
  const p99s = ms.map((m) => m.p99);
  const rps = ms.map((m) => Math.round(m.rps));
  return `| ${name} (median of ${ms.length}) | ${median(ms.map((m) => m.p50))} | ${median(p99s)} (${Math.min(...p99s)}–${Math.max(...p99s)}) | ${Math.round(median(rps))} (${Math.min(...rps)}–${Math.max(...rps)}) | ${ms.reduce((n, m) => n + m.requests, 0)} | ${ms.reduce((n, m) => n + m.non2xx, 0)} |`;
}

/** A budget line: what, the limit, the value measured, whether it passed. */
export type Check = { what: string; budget: string; measured: string; ok: boolean };

/**
 * What bench/run.ts gives an optional extra section (bench/booking.ts exports
 * `default async function (ctx: BenchContext): Promise<BenchSection>`).
 */
export type BenchContext = {
  /** The bench database on the PostgreSQL server (already filled with the catalogue). */
  databaseUrl: string;
  /** A connected client on it (for setup SQL). */
  client: pg.Client;
  /** Base URL of the running API (`http://127.0.0.1:<port>`). */
  baseUrl: string;
  /**
   * Starts another API process on the same database; returns its base URL and a stop function. With
   * `reuse: false` it keeps no answers (every request reads the database), to time the work itself.
   */
  startApi: (opts?: {
    reuse?: boolean;
    /** Another database than the bench's (the national-scale catalogue). */
    databaseUrl?: string;
    /** More environment for the process (BENCH_SEARCH_INDEX=0: the search statement for every new search). */
    env?: Record<string, string>;
  }) => Promise<{ baseUrl: string; pid: number; stop: () => Promise<void> }>;
  /** The secret the API processes sign tokens with (for guests of another database). */
  jwtSecret: string;
  /** A new guest user with a live session: its id and a signed Bearer token. */
  newGuest: () => Promise<{ id: string; token: string }>;
  /** Runs autocannon with the bench's settings (32 connections unless given), once the database server runs no other statement, and summarises it. */
  load: (name: string, opts: autocannon.Options) => Promise<{ measure: Measure; result: autocannon.Result }>;
  /** Today in India, yyyy-MM-dd. */
  today: string;
};

export type BenchSection = { title: string; markdown: string; checks: Check[] };

/** The bench catalogue's owner (an admin who owns every stay). */
export async function insertBenchOwner(db: Database['db']) {
  const [owner] = await db
    .insert(users)
    .values({
      firstName: 'Bench',
      lastName: 'Owner',
      email: 'owner@bench.local',
      mobile: '9000000000',
      passwordHash: 'x',
      isAdmin: true,
    })
    .returning();
  return owner;
}
