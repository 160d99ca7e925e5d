import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './scripts/chromium.ts';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const E2E_DATA_DIR = path.resolve(process.env.E2E_DATA_DIR ?? path.join(import.meta.dirname, 'tmp/e2e-data'));
const WEB_DIST = path.resolve(process.env.E2E_WEB_DIST ?? path.join(import.meta.dirname, 'apps/web/dist'));

/** Browser journeys on the built app, started on a fresh data folder, in the system Chromium. */
export default defineConfig({
  testDir: './e2e',
  outputDir: path.join(E2E_DATA_DIR, '..', `test-results-${PORT}`),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: `rm -rf "${E2E_DATA_DIR}" && node --enable-source-maps apps/api/dist/server.js`,
    url: `http://127.0.0.1:${PORT}/api/ready`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: E2E_DATA_DIR,
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      NODE_ENV: 'test',
      SEED: 'true',
      LOG_LEVEL: 'warn',
      WEB_DIST,
      E2E_DATA_DIR,
      // Short booking holds, so the booking journey can watch one expire (e2e/booking.spec.ts).
      HOLD_MINUTES: process.env.HOLD_MINUTES ?? '0.5',
      // A pending UPI payment waits until the journey answers it in the sandbox's UPI app (e2e/upi.spec.ts).
      SANDBOX_UPI_APPROVAL_SECONDS: '0',
      // The journeys all log in from this one address, some twenty times within minutes on a fast machine.
      LOGINS_PER_MINUTE: '200',
      // And register their own guests from it too (ADR 024).
      REGISTRATIONS_PER_HOUR: '1000',
      // The channel journey serves another site's calendar from this machine (e2e/channels.spec.ts, ADR 035).
      CHANNEL_FEEDS_ALLOW_LOCAL: 'true',
    },
  },
});
