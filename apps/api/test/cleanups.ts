/**
 * What build() and buildOn() leave to undo. test/setup.ts undoes it all after each test file, newest first: apps
 * built anywhere (at the top of a describe, in beforeAll or inside a test, where a hook of their own would never run)
 * are closed and their databases dropped.
 */
export const cleanups: (() => Promise<void>)[] = [];

export async function runCleanups() {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
}
