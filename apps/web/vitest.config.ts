import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup-tests.ts'],
    css: false,
    testTimeout: 20_000,
    isolate: false,
    // Node 25+ has a Web Storage of its own whose `localStorage` is undefined without --localstorage-file, and it hides
    // jsdom's: the test workers run without it.
    execArgv: 'localStorage' in globalThis ? ['--no-experimental-webstorage'] : [],
  },
});
