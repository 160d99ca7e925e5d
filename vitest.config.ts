import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // One test worker per core: Vitest's default keeps a core for itself, which it hardly uses here (one worker of
    // two on a 2-core machine: the API tests took 300 s on PGlite instead of 213 s).
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'], environment: 'node' },
      },
      {
        test: {
          name: 'api',
          root: 'apps/api',
          include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // The files of a worker share one module graph (the app is imported once per worker, not per file);
          // test/setup.ts runs before each file and undoes what it built.
          isolate: false,
          globalSetup: ['test/global-setup.ts'],
          setupFiles: ['test/setup.ts'],
        },
      },
      './apps/web/vitest.config.ts',
    ],
  },
});
