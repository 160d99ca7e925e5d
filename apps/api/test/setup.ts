import { afterAll } from 'vitest';
import { runCleanups } from './cleanups.ts';

// Runs before every API test file: the test files of a worker share their modules, so the hook is registered here,
// once per file, rather than when a helper module is first imported.
afterAll(runCleanups);
