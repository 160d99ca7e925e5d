#!/usr/bin/env node
// Builds the API to JavaScript: one ES module, apps/api/dist/server.js (with a source map), that `npm start` and the
// image run with plain Node; beside it dist/calendar-worker.js, the thread that reads imported calendars (ADR 044),
// and dist/seed.js, the demo seed the server loads on an empty database when SEED is on (it is not in the server's
// bundle). Packages stay imports of node_modules; the shared workspace package is bundled in (it ships TypeScript).
// The migrations are copied beside it (the server reads them from its own folder).
import { cpSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const here = import.meta.dirname;
const dist = path.join(here, 'dist');
rmSync(dist, { recursive: true, force: true });

await build({
  entryPoints: {
    server: path.join(here, 'src/server.ts'),
    seed: path.join(here, 'src/seed/index.ts'),
    // The calendar reader's thread (src/features/channels/calendar-reader.ts finds it beside the server).
    'calendar-worker': path.join(here, 'src/features/channels/calendar.worker.ts'),
  },
  outdir: dist,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'packages-external',
      setup(b) {
        // Every package import but our own workspace's is left to Node's resolution at run time.
        b.onResolve({ filter: /^[^./#]/ }, (args) =>
          args.path.startsWith('@repo/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
cpSync(path.join(here, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });

// The empty embedded database, migrated, that a new data folder starts from (src/db/client.ts, EMPTY_DATABASE_FILE):
// loading it takes a third of the time creating a database and migrating it does, on every first start.
const { PGlite } = await import('@electric-sql/pglite');
const { drizzle } = await import('drizzle-orm/pglite');
const { migrate } = await import('drizzle-orm/pglite/migrator');
const empty = await PGlite.create();
await migrate(drizzle(empty), { migrationsFolder: path.join(dist, 'migrations') });
const dump = await empty.dumpDataDir('gzip');
await empty.close();
writeFileSync(path.join(dist, 'pglite-empty.tar.gz'), Buffer.from(await dump.arrayBuffer()));
console.log(`API built: ${path.relative(process.cwd(), path.join(dist, 'server.js'))}, seed.js and pglite-empty.tar.gz`);
