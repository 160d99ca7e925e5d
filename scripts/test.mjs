#!/usr/bin/env node
// `npm test`: lint, typecheck, unit + API (PGlite) + web tests, the API tests again on the PostgreSQL
// server when TEST_DATABASE_URL is set, then the browser journeys on the built app.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const run = (label, cmd, args, env = {}) => {
  console.log(`\n▶ ${label}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`◀ ${label}: ${r.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (r.status !== 0) process.exit(r.status ?? 1);
};

run('lint', 'npx', ['biome', 'check', '.']);
run('module boundaries', 'npm', ['run', '--silent', 'boundaries']);
run('typecheck', 'npx', ['tsc', '-p', 'packages/shared', '--noEmit']);
run('typecheck api', 'npx', ['tsc', '-p', 'apps/api', '--noEmit']);
run('typecheck web', 'npx', ['tsc', '-p', 'apps/web', '--noEmit']);
run('typecheck e2e, bench and scripts', 'npx', ['tsc', '-p', 'tsconfig.tools.json', '--noEmit']);
run('unit, API (PGlite) and web tests', 'npx', ['vitest', 'run']);
if (process.env.TEST_DATABASE_URL) {
  run('API tests on the PostgreSQL server', 'npx', ['vitest', 'run', '--project', 'api'], { TEST_DB: 'postgres' });
} else {
  console.log('\n(TEST_DATABASE_URL not set: API tests ran on PGlite only)');
}
run('build web app and API', 'npm', ['run', 'build']);
run('browser journeys', 'npx', ['playwright', 'test']);
