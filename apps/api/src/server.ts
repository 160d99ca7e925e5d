import { existsSync } from 'node:fs';
import { buildApp } from './app.ts';
import { loadConfig } from './config/config.ts';
import { embeddedDatabaseDir } from './db/client.ts';

type Seed = {
  seedIfEmpty(app: Awaited<ReturnType<typeof buildApp>>, pictures?: unknown): Promise<boolean>;
  startDrawingPictures(): unknown;
};

/**
 * The demo seed (src/seed) is not part of the server: built, it is dist/seed.js beside dist/server.js, loaded only
 * when SEED is on; run from source (npm run dev), its module. It drives the app through its routes before it listens.
 */
async function loadSeed(): Promise<Seed> {
  const entry = import.meta.url.endsWith('.ts') ? './seed/index.ts' : './seed.js';
  return (await import(entry)) as Seed;
}

/** The only file that listens: reads config, builds the app, seeds an empty database, serves, closes gracefully. */
async function main() {
  const started = Date.now();
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
  const seed = config.seed ? await loadSeed() : undefined;
  // A new embedded database is seeded: its demo pictures are drawn (on other cores) while it is being created.
  const pictures =
    seed && !config.databaseUrl && !existsSync(embeddedDatabaseDir(config.dataDir)) ? seed.startDrawingPictures() : undefined;
  const app = await buildApp({
    config,
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'idNumber', '*.idNumber', 'sealed', '*.sealed'],
    },
  });
  if (seed) await seed.seedIfEmpty(app, pictures);
  await app.listen({ host: config.host, port: config.port });
  app.log.info(
    { ms: Date.now() - started, database: app.dbKind, url: config.publicUrl },
    `StayBook ready at ${config.publicUrl} (admin login ${config.seedAdmin.email} / ${config.seedAdmin.password} on a new database)`,
  );

  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, async () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down');
      const timer = setTimeout(() => process.exit(1), 10_000);
      timer.unref();
      await app.close();
      process.exit(0);
    });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
