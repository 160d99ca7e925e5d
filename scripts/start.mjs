#!/usr/bin/env node
// `npm start`: build the web app and the API when they are missing or older than their sources, then serve app +
// API with plain Node (migrations run and an empty database is seeded on start, by dist/seed.js beside the server).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { DEMO_ENV } from './demo-env.mjs';

const root = path.resolve(import.meta.dirname, '..');

function newest(dir) {
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = path.join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

/** Runs `npm run build -w <workspace>` when one of `outputs` is missing or older than any of `sources`. */
function buildIfStale(workspace, outputs, sources) {
  const latest = Math.max(
    ...sources.map((s) => path.join(root, s)).map((p) => (statSync(p).isDirectory() ? newest(p) : statSync(p).mtimeMs)),
  );
  const built = outputs.map((o) => path.join(root, o));
  if (built.every((b) => existsSync(b) && statSync(b).mtimeMs >= latest)) return;
  console.log(`Building ${workspace}…`);
  const r = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

buildIfStale('apps/web', ['apps/web/dist/index.html'], ['apps/web/src', 'packages/shared/src', 'apps/web/index.html']);
buildIfStale('apps/api', ['apps/api/dist/server.js', 'apps/api/dist/seed.js'], ['apps/api/src', 'packages/shared/src']);

// The API's Node options, as the image runs it (apps/api/node-args.json: source maps, and a heap V8 keeps within
// bounds, ADR 040).
const nodeArgs = JSON.parse(readFileSync(path.join(root, 'apps/api/node-args.json'), 'utf8'));
const child = spawn(process.execPath, [...nodeArgs, path.join(root, 'apps/api/dist/server.js')], {
  cwd: root,
  stdio: 'inherit',
  // The demo runs the offline sandbox gateway unless Razorpay keys are given (production needs one or the other), and
  // names a demo grievance officer and customer care unless they are given (production requires them).
  env: {
    NODE_ENV: 'production',
    ...(process.env.RAZORPAY_KEY_ID ? {} : { PAYMENTS: 'sandbox' }),
    ...DEMO_ENV,
    ...process.env,
  },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
