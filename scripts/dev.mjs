#!/usr/bin/env node
// `npm run dev`: API with reload on :3000 and Vite on :5173 (proxying /api and /media).
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const procs = [
  spawn('npx', ['tsx', 'watch', 'apps/api/src/server.ts'], { cwd: root, stdio: 'inherit' }),
  spawn('npx', ['vite', 'apps/web'], { cwd: root, stdio: 'inherit' }),
];
const stop = () => {
  for (const p of procs) p.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
