import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '#src/seed/catalogue.ts';

const src = path.resolve(import.meta.dirname, '../src');
const IMPORT =
  /(?:^|[\s;])(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s*)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The source files the server's bundle is made of: src/server.ts and what it imports (not type-only), transitively. */
function serverGraph(): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      if (m[1]) continue;
      const spec = (m[2] ?? m[3]) as string;
      const target = spec.startsWith('#src/')
        ? path.join(src, spec.slice('#src/'.length))
        : spec.startsWith('.')
          ? path.resolve(path.dirname(file), spec)
          : null;
      if (target && existsSync(target)) visit(target);
    }
  };
  visit(path.join(src, 'server.ts'));
  return seen;
}

// The demo seed is its own entry (dist/seed.js), loaded by the server only on an empty database (ADR 031).
describe('the server bundle', () => {
  const files = serverGraph();

  it('is made of the app (every feature and its routes) and none of the demo seed', () => {
    expect([...files].some((f) => f.endsWith(path.join('features', 'bookings', 'payments.routes.ts')))).toBe(true);
    const seed = [...files].filter((f) => f.startsWith(path.join(src, 'seed') + path.sep));
    expect(seed).toEqual([]);
  });

  it('carries no demo stay', () => {
    const names = CATALOGUE.map((s) => s.name);
    const carrying = [...files].filter((f) => names.some((n) => readFileSync(f, 'utf8').includes(n)));
    expect(carrying).toEqual([]);
  });

  it('runs with the same Node options from npm start, the image and the bench (apps/api/node-args.json)', () => {
    const root = path.resolve(import.meta.dirname, '../../..');
    const args = JSON.parse(readFileSync(path.join(root, 'apps/api/node-args.json'), 'utf8')) as string[];
    expect(args).toContain('--enable-source-maps');
    expect(args.some((a) => /^--max-old-space-size=\d+$/.test(a))).toBe(true);
    const cmd = /^CMD (\[.*\])$/m.exec(readFileSync(path.join(root, 'Dockerfile'), 'utf8'))?.[1];
    expect(JSON.parse(cmd ?? '[]')).toEqual(['node', ...args, 'apps/api/dist/server.js']);
    for (const file of ['scripts/start.mjs', 'bench/run.ts'])
      expect(readFileSync(path.join(root, file), 'utf8')).toContain('apps/api/node-args.json');
  });
});
