#!/usr/bin/env node
// `npm test`: lint, typecheck, unit + API (PGlite) + web tests, the API tests again on the PostgreSQL
// server when TEST_DATABASE_URL is set, then the browser journeys on the built app.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const seconds = (started) => ((Date.now() - started) / 1000).toFixed(1);

const run = (label, cmd, args, env = {}) => {
  console.log(`\n▶ ${label}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`◀ ${label}: ${r.status === 0 ? 'ok' : 'FAILED'} in ${seconds(started)} s`);
  if (r.status !== 0) process.exit(r.status ?? 1);
};

/** Quick checks, two at a time (one per core): each one's output is printed whole once it ends. */
async function runTogether(checks) {
  const failed = [];
  const queue = [...checks];
  const worker = async () => {
    for (let check = queue.shift(); check; check = queue.shift()) {
      const [label, cmd, args] = check;
      const started = Date.now();
      const child = spawn(cmd, args, { cwd: root, env: process.env });
      let output = '';
      child.stdout.on('data', (d) => (output += d));
      child.stderr.on('data', (d) => (output += d));
      const status = await new Promise((resolve) => child.on('close', resolve));
      console.log(`\n▶ ${label}\n${output.trimEnd()}`);
      console.log(`◀ ${label}: ${status === 0 ? 'ok' : 'FAILED'} in ${seconds(started)} s`);
      if (status !== 0) failed.push(label);
    }
  };
  await Promise.all([worker(), worker()]);
  if (failed.length) process.exit(1);
}

await runTogether([
  // One build of the project references (tsconfig.json): shared, api, web, then e2e/bench/scripts against their
  // declarations; unchanged projects are skipped on the next run.
  ['typecheck', 'npx', ['tsc', '-b']],
  ['lint', 'npx', ['biome', 'check', '.']],
  ['module boundaries', 'npm', ['run', '--silent', 'boundaries']],
  // Type casts in production code: at most 49, none `as unknown as` (ADR 029).
  ['casts', 'node', ['scripts/count-casts.mjs', '--check']],
]);
run('unit, API (PGlite) and web tests', 'npx', ['vitest', 'run']);
if (process.env.TEST_DATABASE_URL) {
  run('API tests on the PostgreSQL server', 'npx', ['vitest', 'run', '--project', 'api'], { TEST_DB: 'postgres' });
} else {
  console.log('\n(TEST_DATABASE_URL not set: API tests ran on PGlite only)');
}
run('build web app and API', 'npm', ['run', 'build']);
run('browser journeys', 'npx', ['playwright', 'test']);
