import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { buildApp } from '#src/app.ts';
import { DEMO_GRIEVANCE_OFFICER, DEMO_PLATFORM, HTTP_TIMEOUTS, loadConfig, testConfig } from '#src/config/config.ts';
import { build, createTestDatabase, testEngine } from './helper.ts';

// Operations: no request holds a connection forever, and production never takes "payments" through the sandbox
// unless told to by name (docs/decisions/009-admins-timeouts-gateway.md).

vi.setConfig({ testTimeout: 30_000 });

/**
 * Opens a raw connection, writes `text`, and resolves with what came back once the server closed it, or null when
 * it was still open after `waitMs` (then closed by the test).
 */
function holdOpen(port: number, text: string, waitMs: number): Promise<{ answer: string } | null> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    let answer = '';
    socket.on('data', (d) => {
      answer += d.toString('latin1');
    });
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(null);
    }, waitMs);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ answer });
    });
    socket.on('error', () => {});
  });
}

describe(`HTTP timeouts (${testEngine})`, async () => {
  const app = await build({
    // A silent socket is closed only after a minute: within the 8 s the tests below wait, only the request and
    // header timeouts can close one, and they say so with a 408 (a silent socket is closed without a word).
    timeouts: { requestMs: 1500, headersMs: 1000, keepAliveMs: 1000, idleSocketMs: 60_000, checkEveryMs: 200 },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as net.AddressInfo).port;

  it('cuts off a request whose body never finishes', async () => {
    const head =
      'POST /api/subscribers HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":';
    const result = await holdOpen(port, head, 8000);
    expect(result, 'the connection was still open after 8 s').not.toBeNull();
    expect(result?.answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('cuts off a client that never finishes its headers (slow loris)', async () => {
    const result = await holdOpen(port, 'GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: 1', 8000);
    expect(result, 'the connection was still open after 8 s').not.toBeNull();
    expect(result?.answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('still answers a whole request at once', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(res.status).toBe(200);
  });

  it('has production timeouts set: no timeout is "never"', () => {
    expect(loadConfig({ DATA_DIR: path.join(tmpdir(), `staybook-config-${randomBytes(4).toString('hex')}`) }).timeouts).toEqual(
      HTTP_TIMEOUTS,
    );
    for (const ms of Object.values(HTTP_TIMEOUTS)) expect(ms).toBeGreaterThan(0);
    expect(HTTP_TIMEOUTS.headersMs).toBeLessThanOrEqual(HTTP_TIMEOUTS.requestMs);
  });
});

/** A grievance officer with their designation, and the customer care, which production requires (tested below). */
const OFFICER = {
  GRIEVANCE_OFFICER_NAME: 'Priya Nair',
  GRIEVANCE_OFFICER_DESIGNATION: 'Grievance Officer',
  GRIEVANCE_OFFICER_EMAIL: 'Grievances@Example.in',
  GRIEVANCE_OFFICER_PHONE: '+91 98450 12345',
};
const CUSTOMER_CARE = { PLATFORM_CUSTOMER_CARE_PHONE: '1800 425 0000', PLATFORM_CUSTOMER_CARE_EMAIL: 'Care@Example.in' };

describe('the payment gateway in production', () => {
  const PLATFORM = {
    PLATFORM_LEGAL_NAME: 'StayBook Marketplace Private Limited',
    PLATFORM_ADDRESS: '80 Feet Road, Indiranagar, Bengaluru, Karnataka 560038',
    PLATFORM_GSTINS: '29AAGCB7383J1Z4, 30aagcb7383j1zl',
    PLATFORM_TAN: 'blrs07383b',
  };
  const env = () => ({
    DATA_DIR: path.join(tmpdir(), `staybook-config-${randomBytes(4).toString('hex')}`),
    ...PLATFORM,
    ...OFFICER,
    ...CUSTOMER_CARE,
  });

  it('names the platform that invoices under s.9(5): required in production, its GSTINs checked, one per state', () => {
    const { PLATFORM_GSTINS: _g, ...withoutGstins } = env();
    const live = { RAZORPAY_KEY_ID: 'rzp_live_x', RAZORPAY_KEY_SECRET: 'secret', RAZORPAY_WEBHOOK_SECRET: 'hook' };
    expect(() => loadConfig({ ...withoutGstins, ...live, NODE_ENV: 'production' })).toThrow(
      /PLATFORM_LEGAL_NAME, PLATFORM_ADDRESS, PLATFORM_GSTINS and PLATFORM_TAN are required in production with real payments/,
    );
    const { PLATFORM_TAN: _t, ...withoutTan } = env();
    expect(() => loadConfig({ ...withoutTan, ...live, NODE_ENV: 'production' })).toThrow(/PLATFORM_TAN are required/);
    expect(() => loadConfig({ ...env(), PLATFORM_TAN: 'BLRS0738B' })).toThrow(/PLATFORM_TAN must be 10 characters/);
    // A sandbox deployment (test payments only, as `npm start` runs) prints the demo company.
    expect(loadConfig({ ...withoutGstins, NODE_ENV: 'production', PAYMENTS: 'sandbox' }).platform.gstins).toEqual(
      DEMO_PLATFORM.gstins,
    );
    expect(loadConfig({ ...env(), NODE_ENV: 'production', PAYMENTS: 'sandbox' }).platform).toEqual({
      legalName: PLATFORM.PLATFORM_LEGAL_NAME,
      tradeName: 'StayBook',
      address: PLATFORM.PLATFORM_ADDRESS,
      gstins: { '29': '29AAGCB7383J1Z4', '30': '30AAGCB7383J1ZL' },
      tan: 'BLRS07383B',
      customerCare: { phone: '1800 425 0000', email: 'care@example.in' },
    });
    for (const bad of ['29AAGCB7383J1Z5', '00AAGCB7383J1ZO', '29AAGCB7383J1Z4,29AAGCB7383J1Z4', ' , '])
      expect(() => loadConfig({ ...env(), PLATFORM_GSTINS: bad }), bad).toThrow(/PLATFORM_GSTINS/);
    // Outside production the demo platform is registered in every state.
    const demo = loadConfig({ DATA_DIR: env().DATA_DIR }).platform;
    expect(Object.keys(demo.gstins)).toHaveLength(36);
    for (const [code, gstin] of Object.entries(demo.gstins)) expect(gstin.slice(0, 2)).toBe(code);
  });

  it('reads the replicas and their lag limit (DATABASE_REPLICA_URLS, REPLICA_MAX_LAG_MS), checked at start', () => {
    expect(loadConfig({ DATA_DIR: env().DATA_DIR }).databaseReplicaUrls).toEqual([]);
    const two = loadConfig({
      DATA_DIR: env().DATA_DIR,
      DATABASE_REPLICA_URLS: ' postgres://r@replica-1:5432/staybook , postgres://r@replica-2:5432/staybook',
      REPLICA_MAX_LAG_MS: '2000',
    });
    expect(two.databaseReplicaUrls).toEqual(['postgres://r@replica-1:5432/staybook', 'postgres://r@replica-2:5432/staybook']);
    expect(two.replicaMaxLagMs).toBe(2000);
    expect(() => loadConfig({ DATA_DIR: env().DATA_DIR, DATABASE_REPLICA_URLS: 'replica-1:5432' })).toThrow(
      /DATABASE_REPLICA_URLS/,
    );
    expect(() => loadConfig({ DATA_DIR: env().DATA_DIR, REPLICA_MAX_LAG_MS: '0' })).toThrow(/REPLICA_MAX_LAG_MS/);
  });

  it('reads what the kept availability may take (SEARCH_INDEX_MB, 0 keeps none), checked at start', () => {
    const plain = loadConfig({ DATA_DIR: env().DATA_DIR });
    expect([plain.searchIndex, plain.searchIndexBytes]).toEqual([true, 128 * 1024 * 1024]);
    expect(loadConfig({ DATA_DIR: env().DATA_DIR, SEARCH_INDEX_MB: '64' }).searchIndexBytes).toBe(64 * 1024 * 1024);
    expect(loadConfig({ DATA_DIR: env().DATA_DIR, SEARCH_INDEX_MB: '0' }).searchIndex).toBe(false);
    expect(() => loadConfig({ DATA_DIR: env().DATA_DIR, SEARCH_INDEX_MB: '-1' })).toThrow(/SEARCH_INDEX_MB/);
  });

  it('refuses to start in production without Razorpay keys, unless PAYMENTS=sandbox says so', () => {
    expect(() => loadConfig({ ...env(), NODE_ENV: 'production' })).toThrow(
      /RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET are required/,
    );
    expect(loadConfig({ ...env(), NODE_ENV: 'production', PAYMENTS: 'sandbox' }).razorpay).toBeUndefined();
    expect(() =>
      loadConfig({ ...env(), NODE_ENV: 'production', RAZORPAY_KEY_ID: 'rzp_live_x', RAZORPAY_KEY_SECRET: 'secret' }),
    ).toThrow(/RAZORPAY_WEBHOOK_SECRET/);
    const live = loadConfig({
      ...env(),
      NODE_ENV: 'production',
      RAZORPAY_KEY_ID: 'rzp_live_x',
      RAZORPAY_KEY_SECRET: 'secret',
      RAZORPAY_WEBHOOK_SECRET: 'hook',
    });
    expect(live.razorpay).toEqual({
      apiUrl: 'https://api.razorpay.com',
      keyId: 'rzp_live_x',
      keySecret: 'secret',
      webhookSecret: 'hook',
      upiCollect: false,
    });
    // Its API is Razorpay's unless another is named; never plain HTTP in production (the key secret goes with each call).
    const local = { ...env(), PAYMENTS: 'razorpay', RAZORPAY_KEY_ID: 'rzp_test_x', RAZORPAY_KEY_SECRET: 'secret' };
    expect(loadConfig({ ...local, RAZORPAY_API_URL: 'http://127.0.0.1:4010/' }).razorpay?.apiUrl).toBe('http://127.0.0.1:4010');
    expect(() => loadConfig({ ...local, RAZORPAY_API_URL: 'not a url' })).toThrow(/RAZORPAY_API_URL/);
    expect(() =>
      loadConfig({
        ...local,
        NODE_ENV: 'production',
        RAZORPAY_WEBHOOK_SECRET: 'hook',
        RAZORPAY_API_URL: 'http://razorpay.example',
      }),
    ).toThrow(/RAZORPAY_API_URL must be an https/);
    // The RazorpayX account that pays guests' compensations by payout link (ADR 053): digits only, named when wrong.
    const withAccount = { ...env(), PAYMENTS: 'razorpay', RAZORPAY_KEY_ID: 'rzp_live_x', RAZORPAY_KEY_SECRET: 'secret' };
    expect(loadConfig({ ...withAccount, RAZORPAYX_ACCOUNT_NUMBER: '7878780080857996' }).razorpay?.accountNumber).toBe(
      '7878780080857996',
    );
    expect(() => loadConfig({ ...withAccount, RAZORPAYX_ACCOUNT_NUMBER: 'acc-12' })).toThrow(/RAZORPAYX_ACCOUNT_NUMBER/);
    expect(() => loadConfig({ ...env(), PAYMENTS: 'razorpay' })).toThrow(/PAYMENTS=razorpay needs/);
    expect(() => loadConfig({ ...env(), PAYMENTS: 'paypal' })).toThrow(/PAYMENTS/);
    // Outside production the sandbox stays the default.
    expect(loadConfig({ ...env() }).razorpay).toBeUndefined();
  });

  it('lets imported calendars reach local addresses only outside production', () => {
    expect(loadConfig({ ...env() }).channels).toMatchObject({ allowLocal: false, everyMinutes: 15, timeoutMs: 10_000 });
    expect(loadConfig({ ...env(), CHANNEL_FEEDS_ALLOW_LOCAL: 'true' }).channels.allowLocal).toBe(true);
    expect(() =>
      loadConfig({ ...env(), NODE_ENV: 'production', PAYMENTS: 'sandbox', CHANNEL_FEEDS_ALLOW_LOCAL: 'true' }),
    ).toThrow(/CHANNEL_FEEDS_ALLOW_LOCAL must not be set in production/);
  });

  it('says in its log which gateway takes payments', async () => {
    const lines: { level: number; msg: string; gateway?: string }[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    for (const [envName, razorpay] of [
      ['production', undefined],
      ['development', undefined],
      ['production', { apiUrl: 'https://api.razorpay.com', keyId: 'rzp_live_x', keySecret: 's', webhookSecret: 'h' }],
    ] as const) {
      lines.length = 0;
      const database = await createTestDatabase();
      const dataDir = mkdtempSync(path.join(tmpdir(), 'staybook-test-'));
      const app = await buildApp({
        config: testConfig({ dataDir, env: envName, razorpay }),
        database,
        logger: { level: 'info', stream },
      });
      await app.ready();
      await app.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
      const said = lines.find((l) => l.gateway);
      expect(said?.gateway).toBe(razorpay ? 'razorpay' : 'sandbox');
      expect(said?.level).toBe(envName === 'production' && !razorpay ? 40 : 30);
    }
  });
});

describe('the grievance officer', () => {
  const env = () => ({
    DATA_DIR: path.join(tmpdir(), `staybook-config-${randomBytes(4).toString('hex')}`),
    PAYMENTS: 'sandbox',
  });

  it('is required in production with their designation, each setting checked by name; outside production the demo officer stands in', () => {
    expect(loadConfig({ ...env(), NODE_ENV: 'production', ...OFFICER, ...CUSTOMER_CARE }).grievanceOfficer).toEqual({
      name: 'Priya Nair',
      designation: 'Grievance Officer',
      email: 'grievances@example.in',
      phone: '+91 98450 12345',
    });
    for (const missing of Object.keys(OFFICER)) {
      const partial: Record<string, string> = { ...env(), NODE_ENV: 'production', ...OFFICER, ...CUSTOMER_CARE };
      delete partial[missing];
      expect(() => loadConfig(partial), missing).toThrow(
        /GRIEVANCE_OFFICER_NAME, GRIEVANCE_OFFICER_DESIGNATION, GRIEVANCE_OFFICER_EMAIL and GRIEVANCE_OFFICER_PHONE are required/,
      );
    }
    expect(() => loadConfig({ ...env(), ...OFFICER, GRIEVANCE_OFFICER_DESIGNATION: 'x' })).toThrow(
      /GRIEVANCE_OFFICER_DESIGNATION/,
    );
    expect(() => loadConfig({ ...env(), ...OFFICER, GRIEVANCE_OFFICER_EMAIL: 'not-an-email' })).toThrow(
      /GRIEVANCE_OFFICER_EMAIL: GRIEVANCE_OFFICER_EMAIL must be an email address/,
    );
    expect(() => loadConfig({ ...env(), ...OFFICER, GRIEVANCE_OFFICER_PHONE: 'call us' })).toThrow(/GRIEVANCE_OFFICER_PHONE/);
    expect(() => loadConfig({ ...env(), ...OFFICER, GRIEVANCE_OFFICER_NAME: ' ' })).toThrow(/GRIEVANCE_OFFICER_NAME/);
    expect(loadConfig({ ...env() }).grievanceOfficer).toEqual(DEMO_GRIEVANCE_OFFICER);
  });
});

describe("the platform's customer care", () => {
  const env = () => ({
    DATA_DIR: path.join(tmpdir(), `staybook-config-${randomBytes(4).toString('hex')}`),
    PAYMENTS: 'sandbox',
    ...OFFICER,
  });

  it('is required in production (phone and email, checked by name); outside production the demo one stands in', () => {
    expect(loadConfig({ ...env(), NODE_ENV: 'production', ...CUSTOMER_CARE }).platform.customerCare).toEqual({
      phone: '1800 425 0000',
      email: 'care@example.in',
    });
    for (const missing of Object.keys(CUSTOMER_CARE)) {
      const partial: Record<string, string> = { ...env(), NODE_ENV: 'production', ...CUSTOMER_CARE };
      delete partial[missing];
      expect(() => loadConfig(partial), missing).toThrow(
        /PLATFORM_CUSTOMER_CARE_PHONE and PLATFORM_CUSTOMER_CARE_EMAIL are required in production/,
      );
    }
    expect(() => loadConfig({ ...env(), PLATFORM_CUSTOMER_CARE_PHONE: 'call us' })).toThrow(/PLATFORM_CUSTOMER_CARE_PHONE/);
    expect(() => loadConfig({ ...env(), PLATFORM_CUSTOMER_CARE_EMAIL: 'care' })).toThrow(/PLATFORM_CUSTOMER_CARE_EMAIL/);
    expect(loadConfig({ ...env() }).platform.customerCare).toEqual(DEMO_PLATFORM.customerCare);
  });
});
