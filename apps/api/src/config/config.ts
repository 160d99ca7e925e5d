import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { GST_STATES, gstinCheckChar, isStateGstin } from '@repo/shared/domain/gstin';
import { MAX_FEE_PERCENT } from '@repo/shared/domain/marketplace';
import { DEMO_ACCOUNTS } from '@repo/shared/factories';
import { parseTrustProxy, type TrustProxy } from '#src/lib/client-address.ts';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => ['true', '1', 'yes'].includes(v));
/** A phone number as people write it: digits, spaces, dashes, an optional +. */
const PHONE = /^\+?[0-9][0-9 -]{7,18}[0-9]$/;

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.url().optional(),
  /**
   * Streaming replicas of DATABASE_URL, comma-separated: reads that may be a moment old go to a healthy one (ADR 038).
   */
  DATABASE_REPLICA_URLS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((u) => u.trim())
        .filter((u) => u.length > 0),
    )
    .pipe(
      z.array(z.url({ protocol: /^postgres(ql)?$/, error: 'DATABASE_REPLICA_URLS must be comma-separated postgres:// URLs' })),
    ),
  /** A replica further behind the primary than this is not used until it catches up (ms). */
  REPLICA_MAX_LAG_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  SEARCH_INDEX_MB: z.coerce.number().int().min(0).max(65_536).default(128),
  REDIS_URL: z.url().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  /** The secret guests' ID numbers and Form C details are sealed with (platform/personal-data.ts; ADR 064, 067). */
  PERSONAL_DATA_KEY: z.string().min(32, 'PERSONAL_DATA_KEY must be at least 32 characters').optional(),
  /** Days after check-out (or a no-show) that a guest's ID number is erased (ADR 064). */
  GUEST_ID_KEEP_DAYS: z.coerce.number().int().min(0).max(365).default(30),
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().default('StayBook <no-reply@staybook.local>'),
  RAZORPAY_KEY_ID: z.string().optional(),
  RAZORPAY_KEY_SECRET: z.string().optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().optional(),
  /** Where Razorpay's API is: its own, unless a stand-in speaking the same requests is named (tests). */
  RAZORPAY_API_URL: z.url('RAZORPAY_API_URL must be a URL').default('https://api.razorpay.com'),
  /** The platform's RazorpayX account number, that guests' compensations are paid from by payout links (ADR 053). */
  RAZORPAYX_ACCOUNT_NUMBER: z
    .string()
    .regex(/^\d{9,18}$/, 'RAZORPAYX_ACCOUNT_NUMBER must be 9-18 digits')
    .optional(),
  /** Which gateway takes payments: Razorpay (needs its keys) or the offline sandbox (test cards only). */
  PAYMENTS: z.enum(['razorpay', 'sandbox'], { error: 'PAYMENTS must be razorpay or sandbox' }).optional(),
  PUBLIC_URL: z.url().optional(),
  SEED: bool.default(true),
  SEED_ADMIN_EMAIL: z.email().default(DEMO_ACCOUNTS.admin.email),
  SEED_ADMIN_PASSWORD: z
    .string()
    .regex(/^[A-Za-z0-9!@#$%^&*]{8,15}$/, 'SEED_ADMIN_PASSWORD must be 8-15 letters, digits or !@#$%^&*')
    .default(DEMO_ACCOUNTS.admin.password),
  SEED_GUEST_EMAIL: z.email().default(DEMO_ACCOUNTS.guest.email),
  SEED_GUEST_PASSWORD: z
    .string()
    .regex(/^[A-Za-z0-9!@#$%^&*]{8,15}$/)
    .default(DEMO_ACCOUNTS.guest.password),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Who is in front of the app: false, a number of proxy hops, or the proxies' addresses and CIDR ranges (ADR 046). */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v, ctx) => {
      const parsed = parseTrustProxy(v);
      if (parsed !== undefined) return parsed;
      ctx.addIssue({
        code: 'custom',
        message:
          'TRUST_PROXY must be false, the number of proxies in front (1-9), or their addresses or CIDR ranges, comma-separated (10.0.0.2,172.18.0.0/16)',
      });
      return z.NEVER;
    }),
  /** How long the sandbox waits before a pending UPI payment (pending@razorpay) is approved; 0: only on demand. */
  SANDBOX_UPI_APPROVAL_SECONDS: z.coerce
    .number()
    .min(0, 'SANDBOX_UPI_APPROVAL_SECONDS must be 0 or more seconds')
    .max(3600)
    .default(10),
  /**
   * The gateway still takes UPI collect (a request to a UPI id the guest types) for this merchant: only an account
   * NPCI exempts from the collect deprecation of 28/02/2026 sets it (ADR 052). Off: UPI by intent and QR code only.
   */
  UPI_COLLECT: bool.default(false),
  HOLD_MINUTES: z.coerce.number().positive('HOLD_MINUTES must be a positive number of minutes').max(1440).default(15),
  /**
   * Logins one address may try a minute, per area (the browser journeys log in from one address, faster than any
   * person on a fast machine).
   */
  /**
   * The platform as the e-commerce operator (ADR 022): its legal name and address, and its GSTINs (one per state it
   * is registered in, comma-separated), printed on the tax invoices it issues for stays not registered (s.9(5)).
   */
  /**
   * The platform's default fee on a stay's nights, percent of their value before tax (ADR 032), at most
   * MAX_FEE_PERCENT: the fee, its GST and the TCS and TDS withheld never take more than that value.
   */
  PLATFORM_FEE_PERCENT: z.coerce
    .number({ error: `PLATFORM_FEE_PERCENT must be a number from 0 to ${MAX_FEE_PERCENT}` })
    .min(0, `PLATFORM_FEE_PERCENT must be from 0 to ${MAX_FEE_PERCENT}`)
    .max(
      MAX_FEE_PERCENT,
      `PLATFORM_FEE_PERCENT must be from 0 to ${MAX_FEE_PERCENT}: with the GST on the fee and the TCS and TDS withheld, a higher fee would leave owners less than nothing`,
    )
    .default(15),
  PLATFORM_LEGAL_NAME: z.string().trim().min(1, 'PLATFORM_LEGAL_NAME must not be empty').max(120).optional(),
  PLATFORM_ADDRESS: z.string().trim().min(1, 'PLATFORM_ADDRESS must not be empty').max(300).optional(),
  /** The platform's TAN, as its TDS statements to owners name the deductor (four letters, five digits, a letter). */
  PLATFORM_TAN: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{4}\d{5}[A-Z]$/, 'PLATFORM_TAN must be 10 characters like BLRS12345F')
    .optional(),
  PLATFORM_GSTINS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((g) => g.trim().toUpperCase())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(z.string().refine(isStateGstin, 'PLATFORM_GSTINS must be GSTINs of Indian states, check characters right'))
        .min(1, 'PLATFORM_GSTINS must name at least one GSTIN')
        .refine((list) => new Set(list.map((g) => g.slice(0, 2))).size === list.length, 'PLATFORM_GSTINS: one GSTIN per state'),
    )
    .optional(),
  LOGINS_PER_MINUTE: z.coerce
    .number()
    .int('LOGINS_PER_MINUTE must be a whole number')
    .min(1, 'LOGINS_PER_MINUTE must be 1 or more')
    .max(100_000)
    .default(10),
  /**
   * The platform's customer care, named on every page with its legal name and address (Consumer Protection
   * (E-Commerce) Rules 2020, rule 4(2)(d)): required in production (`npm start` gives demo values), demo values
   * otherwise.
   */
  PLATFORM_CUSTOMER_CARE_PHONE: z
    .string()
    .trim()
    .regex(PHONE, 'PLATFORM_CUSTOMER_CARE_PHONE must be a phone number (digits, spaces, dashes, an optional +)')
    .optional(),
  PLATFORM_CUSTOMER_CARE_EMAIL: z.email('PLATFORM_CUSTOMER_CARE_EMAIL must be an email address').optional(),
  /**
   * The grievance officer named on every page with their designation (Consumer Protection (E-Commerce) Rules 2020,
   * rule 4(4)): required in production (`npm start` gives demo values), demo values otherwise.
   */
  GRIEVANCE_OFFICER_NAME: z
    .string()
    .trim()
    .min(2, 'GRIEVANCE_OFFICER_NAME must be a name of 2 to 100 characters')
    .max(100, 'GRIEVANCE_OFFICER_NAME must be a name of 2 to 100 characters')
    .optional(),
  GRIEVANCE_OFFICER_DESIGNATION: z
    .string()
    .trim()
    .min(2, 'GRIEVANCE_OFFICER_DESIGNATION must be a designation of 2 to 100 characters')
    .max(100, 'GRIEVANCE_OFFICER_DESIGNATION must be a designation of 2 to 100 characters')
    .optional(),
  GRIEVANCE_OFFICER_EMAIL: z.email('GRIEVANCE_OFFICER_EMAIL must be an email address').optional(),
  GRIEVANCE_OFFICER_PHONE: z
    .string()
    .trim()
    .regex(PHONE, 'GRIEVANCE_OFFICER_PHONE must be a phone number (digits, spaces, dashes, an optional +)')
    .optional(),
  /**
   * Lets imported calendars be fetched from this machine's loopback and private networks and on any port (tests and
   * local journeys only: in production a feed address must never reach the platform's own network, ADR 035).
   */
  CHANNEL_FEEDS_ALLOW_LOCAL: bool.default(false),
  /** Accounts one address may register an hour, per area (ADR 024). */
  REGISTRATIONS_PER_HOUR: z.coerce
    .number()
    .int('REGISTRATIONS_PER_HOUR must be a whole number')
    .min(1, 'REGISTRATIONS_PER_HOUR must be 1 or more')
    .max(100_000)
    .default(10),
});

/** The demo grievance officer (`npm start`, development and tests): not a real person or address. */
export const DEMO_GRIEVANCE_OFFICER = {
  name: 'Asha Menon (demo)',
  designation: 'Grievance Officer and Head of Customer Care (demo)',
  email: 'grievance@staybook.in',
  phone: '+91 80 4000 0000',
} as const;

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  /** PostgreSQL server URL; unset means the embedded PGlite in dataDir (or in memory when dataDir is null). */
  databaseUrl: string | undefined;
  /** Streaming replicas of databaseUrl for reads that may be a moment old (ADR 038); [] sends every read to it. */
  databaseReplicaUrls: string[];
  /**
   * How far behind the primary a replica may be, in ms, before it is taken out of use; a user's reads go to the
   * primary for twice as long after their own last write.
   */
  replicaMaxLagMs: number;
  /**
   * Whether searches are answered from the availability the process keeps per city (ADR 037) while changes are
   * heard; off, every new search runs the search statement.
   */
  searchIndex: boolean;
  /** What the kept availability of the cities searched may take per process, in bytes (ADR 037; 0: none kept). */
  searchIndexBytes: number;
  /** Tests and the bench: responses say what answered a read (x-staybook-search, x-staybook-read headers). */
  explainReads?: boolean;
  /** A ready PGlite-compatible database to use instead (tests). */
  redisUrl: string | undefined;
  jwtSecret: string;
  /**
   * The secret that ID numbers and Form C details are sealed with (platform/personal-data.ts; ADR 064, 067). Losing
   * it loses them: kept apart from the database, never logged.
   */
  personalDataKey: string;
  /** Guests' ID numbers: the days after check-out they are kept (ADR 064). */
  guestIds: { keepDays: number };
  smtpUrl: string | undefined;
  mailFrom: string;
  razorpay:
    | {
        /** Razorpay's API (https://api.razorpay.com unless RAZORPAY_API_URL names another). */
        apiUrl: string;
        keyId: string;
        keySecret: string;
        webhookSecret: string;
        upiCollect?: boolean;
        accountNumber?: string;
      }
    | undefined;
  publicUrl: string;
  seed: boolean;
  seedAdmin: { email: string; password: string };
  seedGuest: { email: string; password: string };
  webDist: string;
  logLevel: string;
  /**
   * The proxies in front of the app to trust (false: none): a number of hops, or their addresses and CIDR ranges.
   * The client address is then the one the outermost trusted proxy saw, counted from the right of X-Forwarded-For;
   * anything a client wrote further left is ignored (ADR 046).
   */
  trustProxy: TrustProxy;
  /**
   * Rate limits: per address per minute (`global`, `login`, `forgot`), and per account (the email asked about,
   * from any address) in a window of `timeWindow` ms: failed logins, and reset mails asked for.
   */
  rateLimits: {
    global: number;
    login: number;
    forgot: number;
    loginPerAccount: { max: number; timeWindow: number };
    forgotPerAccount: { max: number; timeWindow: number };
    /** Hold attempts (POST /api/bookings) per signed-in guest. */
    holdsPerAccount: { max: number; timeWindow: number };
    /** Accounts one address may register in `timeWindow` ms, per area. */
    register: { max: number; timeWindow: number };
    /** New confirmation links one account may ask for. */
    confirmPerAccount: { max: number; timeWindow: number };
    /** Tries of mailed confirmation links (POST /api/auth/confirm-email) per address per minute. */
    confirm: number;
    /** New email addresses one account may set (My Profile), in each window (ADR 045). */
    emailChangesPerAccount: readonly { max: number; timeWindow: number }[];
    /** Confirmation mails one address may be sent for a new email or "send the link again", whoever asks (ADR 045). */
    confirmMailsPerAddress: readonly { max: number; timeWindow: number }[];
  };
  /**
   * What one address (request.clientAddress) may hold unpaid for one night, whatever the number of its accounts (ADR 024): at
   * most `stayPercent` % of a stay's rooms and `cityPercent` % of its city's rooms, and always `minRooms` rooms.
   */
  addressShares: { stayPercent: number; cityPercent: number; minRooms: number };
  /**
   * How long a search answer is fresh, in ms (then served for up to three times as long while it is refreshed); a
   * change to a stay of its city forgets it at once (ADR 004, 006). Bookings re-check every room; 0 turns it off.
   */
  searchCacheMs: number;
  /**
   * How long a checked session may be trusted without reading it again, in ms (changes to users and sessions
   * are heard at once through the database; see features/auth/session-cache.ts); 0 reads it on every request.
   */
  sessionCacheMs: number;
  /**
   * How long a stay's room availability may be answered again, in ms; a change to its rooms or room-nights made by
   * any process forgets it at once (heard through the database). 0 reads it on every request.
   */
  stayCacheMs: number;
  /** Prefix of the rate-limit keys in Redis ('staybook-rl-' when unset); lets several apps or test runs share one Redis. */
  rateLimitNamespace?: string;
  /** Sandbox gateway secrets (offline payments). */
  /**
   * refundDelayMs: when the sandbox's bank processes a refund (unset in tests: only when a test settles it);
   * upiApprovalMs: how long a pending UPI payment waits before the sandbox approves it.
   */
  sandbox: {
    keyId: string;
    keySecret: string;
    webhookSecret: string;
    refundDelayMs?: number;
    upiApprovalMs?: number;
    /** How long an intent (or QR) UPI payment waits for approval before it times out (unset: 5 minutes). */
    upiExpiryMs?: number;
    /** It also takes UPI collect (UPI_COLLECT), as a merchant exempt from its deprecation would. */
    upiCollect?: boolean;
    /** When the sandbox's bank settles a payout transfer (unset in tests: only when a test settles it). */
    transferDelayMs?: number;
  };
  /** The platform's default fee on a stay's nights, basis points of their value before tax (PLATFORM_FEE_PERCENT). */
  platformFeeBp: number;
  /** How often owners are settled and paid (0: never by itself; the tests run it on demand). */
  payoutRunMs: number;
  /** How long an unpaid booking holds its rooms (HOLD_MINUTES, fractions allowed). */
  holdMinutes: number;
  /** The grievance officer named in the site's footer and in complaint mails (GRIEVANCE_OFFICER_*). */
  grievanceOfficer: { name: string; designation: string; email: string; phone: string };
  /**
   * The platform as the supplier of record for stays not registered for GST (s.9(5) CGST Act): its legal and trade
   * names, address and GSTINs by state code; with its customer care, as every page names it (rule 4(2)).
   */
  platform: {
    legalName: string;
    tradeName: string;
    address: string;
    gstins: Readonly<Record<string, string>>;
    /** Its TAN, as the deductor of TDS (s.194-O / s.393 statements to owners). */
    tan: string;
    customerCare: { phone: string; email: string };
  };
  /**
   * How often each process looks for side effects still owed after a commit (refunds, mails), in ms; 0 turns the
   * poller off (tests run entries themselves). Requests carry out their own entries at once.
   */
  outboxPollMs: number;
  /**
   * HTTP timeouts, in ms: a whole request (headers and body) must arrive within `requestMs`, its headers within
   * `headersMs`; an idle kept-alive connection is closed after `keepAliveMs` (longer than the proxy's own, see
   * deploy/Caddyfile) and any silent socket after `idleSocketMs`. Node checks them every `checkEveryMs`.
   */
  timeouts: { requestMs: number; headersMs: number; keepAliveMs: number; idleSocketMs: number; checkEveryMs: number };
  /**
   * Imported calendars (ADR 035): each feed is fetched every `everyMinutes` (longer after failures); `pollMs` is how
   * often a process looks for feeds due (0: never, tests sync feeds themselves); a fetch gives up after `timeoutMs`
   * and past `maxBytes`; `allowLocal` lets feeds live on loopback or private addresses and any port (tests only).
   */
  channels: ChannelSettings;
};

export type ChannelSettings = {
  allowLocal: boolean;
  everyMinutes: number;
  pollMs: number;
  timeoutMs: number;
  maxBytes: number;
  /** Feeds one process fetches at once. */
  concurrency: number;
  /** Feeds one process starts a second at most: sync is background work, paced so that searches barely notice it. */
  feedsPerSecond: number;
  /** The time one calendar file may take to read, in its own thread (ADR 044): a longer one is refused. */
  readMs: number;
};

/**
 * Production settings of imported calendars: every 15 minutes, 10 s, 2 MB, 5 s to read a file; due feeds looked for every 30 s, 2 at
 * once, at most 10 a second per process (9,000 feeds per 15 minutes; more processes, more feeds).
 */
export const CHANNEL_SETTINGS: ChannelSettings = {
  allowLocal: false,
  everyMinutes: 15,
  pollMs: 30_000,
  timeoutMs: 10_000,
  maxBytes: 2 * 1024 * 1024,
  concurrency: 2,
  feedsPerSecond: 10,
  readMs: 5_000,
};

/** Production HTTP timeouts: two minutes for a whole request (a few photos from a phone), 15 s for headers. */
export const HTTP_TIMEOUTS: Config['timeouts'] = {
  requestMs: 120_000,
  headersMs: 15_000,
  keepAliveMs: 72_000,
  idleSocketMs: 90_000,
  checkEveryMs: 5_000,
};

/** The repository (or image) root: the nearest folder above this module holding apps/web (source or built server). */
const repoRoot = (() => {
  let dir = import.meta.dirname;
  while (!existsSync(path.join(dir, 'apps', 'web')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
})();

/** Reads the environment once; a bad value stops start-up with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const partialRazorpay = [e.RAZORPAY_KEY_ID, e.RAZORPAY_KEY_SECRET].filter(Boolean).length;
  if (partialRazorpay === 1)
    throw new Error('Invalid configuration:\n  RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET must be set together');
  const payments = e.PAYMENTS ?? (partialRazorpay === 2 ? 'razorpay' : undefined);
  if (payments === 'razorpay' && partialRazorpay !== 2)
    throw new Error('Invalid configuration:\n  PAYMENTS=razorpay needs RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET');
  // Anyone can pay the sandbox with its public test card: in production it runs only when asked for by name.
  if (e.NODE_ENV === 'production' && !payments)
    throw new Error(
      'Invalid configuration:\n  RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET are required in production (or PAYMENTS=sandbox to take test payments only)',
    );
  // The platform's identity is printed on real tax invoices: production names it, except a sandbox deployment (test
  // payments only, as `npm start` runs), where the demo company stands in.
  if (
    e.NODE_ENV === 'production' &&
    payments !== 'sandbox' &&
    !(e.PLATFORM_LEGAL_NAME && e.PLATFORM_ADDRESS && e.PLATFORM_GSTINS && e.PLATFORM_TAN)
  )
    throw new Error(
      'Invalid configuration:\n  PLATFORM_LEGAL_NAME, PLATFORM_ADDRESS, PLATFORM_GSTINS and PLATFORM_TAN are required in production with real payments (the platform issues tax invoices under s.9(5) and deducts TDS)',
    );
  // The key secret travels in every call's basic auth: never over plain HTTP in production.
  if (e.NODE_ENV === 'production' && payments === 'razorpay' && !e.RAZORPAY_API_URL.startsWith('https://'))
    throw new Error('Invalid configuration:\n  RAZORPAY_API_URL must be an https:// URL in production');
  if (e.NODE_ENV === 'production' && payments === 'razorpay' && !e.RAZORPAY_WEBHOOK_SECRET)
    throw new Error('Invalid configuration:\n  RAZORPAY_WEBHOOK_SECRET is required with Razorpay in production');
  // A feed address must never reach the platform's own network (ADR 035): the test setting does not run in production.
  if (e.NODE_ENV === 'production' && e.CHANNEL_FEEDS_ALLOW_LOCAL)
    throw new Error(
      'Invalid configuration:\n  CHANNEL_FEEDS_ALLOW_LOCAL must not be set in production (it lets imported calendars reach this machine and its networks)',
    );
  const officer = [
    e.GRIEVANCE_OFFICER_NAME,
    e.GRIEVANCE_OFFICER_DESIGNATION,
    e.GRIEVANCE_OFFICER_EMAIL,
    e.GRIEVANCE_OFFICER_PHONE,
  ];
  if (e.NODE_ENV === 'production' && officer.some((v) => !v))
    throw new Error(
      'Invalid configuration:\n  GRIEVANCE_OFFICER_NAME, GRIEVANCE_OFFICER_DESIGNATION, GRIEVANCE_OFFICER_EMAIL and GRIEVANCE_OFFICER_PHONE are required in production (a marketplace must name its grievance officer and their designation)',
    );
  if (e.NODE_ENV === 'production' && !(e.PLATFORM_CUSTOMER_CARE_PHONE && e.PLATFORM_CUSTOMER_CARE_EMAIL))
    throw new Error(
      'Invalid configuration:\n  PLATFORM_CUSTOMER_CARE_PHONE and PLATFORM_CUSTOMER_CARE_EMAIL are required in production (every page names the customer care)',
    );
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databaseReplicaUrls: e.DATABASE_REPLICA_URLS,
    replicaMaxLagMs: e.REPLICA_MAX_LAG_MS,
    searchIndex: e.SEARCH_INDEX_MB > 0,
    searchIndexBytes: e.SEARCH_INDEX_MB * 1024 * 1024,
    redisUrl: e.REDIS_URL,
    jwtSecret: e.JWT_SECRET ?? persistentSecret(dataDir, 'jwt-secret'),
    personalDataKey: e.PERSONAL_DATA_KEY ?? persistentSecret(dataDir, 'personal-data-key'),
    guestIds: { keepDays: e.GUEST_ID_KEEP_DAYS },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    razorpay:
      payments === 'razorpay' && e.RAZORPAY_KEY_ID && e.RAZORPAY_KEY_SECRET
        ? {
            apiUrl: e.RAZORPAY_API_URL.replace(/\/+$/, ''),
            keyId: e.RAZORPAY_KEY_ID,
            keySecret: e.RAZORPAY_KEY_SECRET,
            webhookSecret: e.RAZORPAY_WEBHOOK_SECRET ?? '',
            upiCollect: e.UPI_COLLECT,
            accountNumber: e.RAZORPAYX_ACCOUNT_NUMBER,
          }
        : undefined,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    seed: e.SEED,
    seedAdmin: { email: e.SEED_ADMIN_EMAIL.toLowerCase(), password: e.SEED_ADMIN_PASSWORD },
    seedGuest: { email: e.SEED_GUEST_EMAIL.toLowerCase(), password: e.SEED_GUEST_PASSWORD },
    webDist: path.resolve(e.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    rateLimits: {
      global: 600,
      login: e.LOGINS_PER_MINUTE,
      forgot: 5,
      loginPerAccount: { max: 10, timeWindow: 15 * 60_000 },
      forgotPerAccount: { max: 3, timeWindow: 15 * 60_000 },
      holdsPerAccount: { max: 20, timeWindow: 10 * 60_000 },
      register: { max: e.REGISTRATIONS_PER_HOUR, timeWindow: 60 * 60_000 },
      confirmPerAccount: { max: 3, timeWindow: 15 * 60_000 },
      confirm: 10,
      emailChangesPerAccount: [
        { max: 3, timeWindow: 60 * 60_000 },
        { max: 6, timeWindow: 24 * 60 * 60_000 },
      ],
      confirmMailsPerAddress: [
        { max: 3, timeWindow: 60 * 60_000 },
        { max: 5, timeWindow: 24 * 60 * 60_000 },
      ],
    },
    addressShares: ADDRESS_SHARES,
    searchCacheMs: 10_000,
    sessionCacheMs: 60_000,
    stayCacheMs: 2000,
    sandbox: {
      keyId: 'rzp_sandbox_staybook',
      keySecret: persistentSecret(dataDir, 'sandbox-secret'),
      webhookSecret: persistentSecret(dataDir, 'sandbox-webhook-secret'),
      refundDelayMs: 3000,
      transferDelayMs: 5000,
      upiApprovalMs: e.SANDBOX_UPI_APPROVAL_SECONDS > 0 ? e.SANDBOX_UPI_APPROVAL_SECONDS * 1000 : undefined,
      upiCollect: e.UPI_COLLECT,
    },
    holdMinutes: e.HOLD_MINUTES,
    platformFeeBp: Math.round(e.PLATFORM_FEE_PERCENT * 100),
    payoutRunMs: 60 * 60_000,
    platform: {
      legalName: e.PLATFORM_LEGAL_NAME ?? DEMO_PLATFORM.legalName,
      tradeName: DEMO_PLATFORM.tradeName,
      address: e.PLATFORM_ADDRESS ?? DEMO_PLATFORM.address,
      gstins: e.PLATFORM_GSTINS ? Object.fromEntries(e.PLATFORM_GSTINS.map((g) => [g.slice(0, 2), g])) : DEMO_PLATFORM.gstins,
      tan: e.PLATFORM_TAN ?? DEMO_PLATFORM.tan,
      customerCare: {
        phone: e.PLATFORM_CUSTOMER_CARE_PHONE ?? DEMO_PLATFORM.customerCare.phone,
        email: (e.PLATFORM_CUSTOMER_CARE_EMAIL ?? DEMO_PLATFORM.customerCare.email).toLowerCase(),
      },
    },
    grievanceOfficer: {
      name: e.GRIEVANCE_OFFICER_NAME ?? DEMO_GRIEVANCE_OFFICER.name,
      designation: e.GRIEVANCE_OFFICER_DESIGNATION ?? DEMO_GRIEVANCE_OFFICER.designation,
      email: (e.GRIEVANCE_OFFICER_EMAIL ?? DEMO_GRIEVANCE_OFFICER.email).toLowerCase(),
      phone: e.GRIEVANCE_OFFICER_PHONE ?? DEMO_GRIEVANCE_OFFICER.phone,
    },
    outboxPollMs: 5000,
    timeouts: HTTP_TIMEOUTS,
    channels: { ...CHANNEL_SETTINGS, allowLocal: e.CHANNEL_FEEDS_ALLOW_LOCAL },
  };
}

/**
 * The demo platform of `npm start` and the tests: a made-up company registered in every state (one PAN, a GSTIN per
 * state code with its check character right).
 */
export const DEMO_PLATFORM: Config['platform'] = {
  legalName: 'StayBook Marketplace Private Limited',
  tradeName: 'StayBook',
  address: '4th Floor, 80 Feet Road, Indiranagar, Bengaluru, Karnataka 560038',
  gstins: Object.fromEntries(
    Object.keys(GST_STATES).map((code) => {
      const first14 = `${code}AAKCS4821M1Z`;
      return [code, `${first14}${gstinCheckChar(first14)}`];
    }),
  ),
  tan: 'BLRS04821K',
  customerCare: { phone: '+91 80 4000 1111', email: 'care@staybook.in' },
};
/** One address holds at most a quarter of a stay's rooms and a tenth of a city's for a night; 4 rooms always (ADR 024). */
export const ADDRESS_SHARES: Config['addressShares'] = { stayPercent: 25, cityPercent: 10, minRooms: 4 };

/** A random secret kept in DATA_DIR so tokens survive restarts of `npm start`. */
function persistentSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Limits high enough that tests which are not about them never meet them (spread and lower one to test it). */
export const TEST_RATE_LIMITS: Config['rateLimits'] = {
  global: 100_000,
  login: 10_000,
  forgot: 10_000,
  loginPerAccount: { max: 10_000, timeWindow: 60_000 },
  forgotPerAccount: { max: 10_000, timeWindow: 60_000 },
  holdsPerAccount: { max: 10_000, timeWindow: 60_000 },
  register: { max: 10_000, timeWindow: 60_000 },
  confirmPerAccount: { max: 10_000, timeWindow: 60_000 },
  confirm: 10_000,
  emailChangesPerAccount: [{ max: 10_000, timeWindow: 60_000 }],
  confirmMailsPerAddress: [{ max: 10_000, timeWindow: 60_000 }],
};

/** Address shares that tests not about them never meet (every app.inject comes from 127.0.0.1): checked, never refused. */
export const TEST_ADDRESS_SHARES: Config['addressShares'] = { stayPercent: 100, cityPercent: 100, minRooms: 1_000_000 };

/** A config for tests: in-memory secrets, a temporary data folder, no seed. */
export function testConfig(overrides: Partial<Config> & { dataDir: string }): Config {
  const secret = () => randomBytes(32).toString('base64url');
  return {
    env: 'test',
    host: '127.0.0.1',
    port: 0,
    databaseUrl: undefined,
    databaseReplicaUrls: [],
    replicaMaxLagMs: 5000,
    // Used only while answers are kept (changes heard): tests that keep answers search through it.
    searchIndex: true,
    searchIndexBytes: 128 * 1024 * 1024,
    redisUrl: undefined,
    jwtSecret: secret(),
    personalDataKey: secret(),
    guestIds: { keepDays: 30 },
    smtpUrl: undefined,
    mailFrom: 'StayBook <no-reply@staybook.local>',
    razorpay: undefined,
    publicUrl: 'http://localhost:3000',
    seed: false,
    seedAdmin: { email: DEMO_ACCOUNTS.admin.email, password: DEMO_ACCOUNTS.admin.password },
    seedGuest: { email: DEMO_ACCOUNTS.guest.email, password: DEMO_ACCOUNTS.guest.password },
    webDist: path.join(repoRoot, 'apps/web/dist'),
    logLevel: 'silent',
    trustProxy: false,
    rateLimits: TEST_RATE_LIMITS,
    addressShares: TEST_ADDRESS_SHARES,
    searchCacheMs: 0,
    // On in tests as in production, so every auth test also proves the cache forgets what it must.
    sessionCacheMs: 60_000,
    stayCacheMs: 0,
    sandbox: { keyId: 'rzp_sandbox_test', keySecret: secret(), webhookSecret: secret() },
    holdMinutes: 15,
    platformFeeBp: 1500,
    payoutRunMs: 0,
    platform: DEMO_PLATFORM,
    grievanceOfficer: { ...DEMO_GRIEVANCE_OFFICER },
    outboxPollMs: 0,
    timeouts: HTTP_TIMEOUTS,
    channels: { ...CHANNEL_SETTINGS, pollMs: 0 },
    ...overrides,
  };
}
