import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { testConfig } from '#src/config/config.ts';
import { createTestDatabase, testEngine } from './helper.ts';

vi.mock('#src/db/client.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('#src/db/client.ts')>();
  return { ...actual, openDatabase: vi.fn(actual.openDatabase) };
});

// Once, under load, the embedded database took longer to open than Fastify lets a plugin load (10 s) and `npm start`
// exited. The database is opened before the plugins now: a slow open only makes start-up slower.
describe(`start-up on a slow machine (${testEngine})`, () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'staybook-slow-open-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('a database that takes 11 s to open still starts the app (no plugin time limit)', { timeout: 60_000 }, async () => {
    // The app's modules afresh (the test files of a worker share theirs), so that they see the mock below.
    vi.resetModules();
    const client = await import('#src/db/client.ts');
    const { buildApp } = await import('#src/app.ts');
    let opens = 0;
    let drop: (() => Promise<void>) | undefined;
    vi.mocked(client.openDatabase).mockImplementationOnce(async () => {
      opens++;
      // As slow as the open that failed (a database slow on purpose, not a wait: real time, since the limit that
      // once failed is a timer of its own); then this run's test database (a copy of the migrated one).
      await new Promise((r) => setTimeout(r, 11_000));
      const database = await createTestDatabase();
      drop = database.drop;
      // Closed (and dropped) by the test after the app, once.
      return { ...database, close: async () => {} };
    });
    // As server.ts builds it: no database given, the app opens the one its settings name.
    const app = await buildApp({ config: testConfig({ dataDir }), logger: false });
    try {
      await app.ready();
      expect(opens).toBe(1);
      expect((await app.inject('/api/ready')).statusCode).toBe(200);
    } finally {
      await app.close();
      await drop?.();
    }
  });
});
