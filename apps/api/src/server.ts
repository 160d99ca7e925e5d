import { buildApp } from './app.ts';
import { loadConfig } from './config/config.ts';
import { seedIfEmpty } from './db/seed/index.ts';

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
  const app = await buildApp({
    config,
    logger: { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
  });
  if (config.seed) await seedIfEmpty(app);
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
