import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The migrator applies a migration only when its journal time is later than the last one a database applied: a
// migration merged with an earlier time than the one before it would be skipped on a database already past that one.
const folder = path.resolve(import.meta.dirname, '../src/db/migrations');
const journal = JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
  entries: { idx: number; when: number; tag: string }[];
};

describe('the migrations journal', () => {
  it('lists every migration once, in order, each later than the one before', () => {
    const files = readdirSync(folder)
      .filter((f) => f.endsWith('.sql'))
      .map((f) => f.replace(/\.sql$/, ''));
    expect(journal.entries.map((e) => e.tag).sort()).toEqual(files.sort());
    journal.entries.forEach((e, i) => {
      expect(e.idx, e.tag).toBe(i);
      if (i > 0) expect(e.when, e.tag).toBeGreaterThan(journal.entries[i - 1]!.when);
    });
  });

  it('chains each snapshot to the one before', () => {
    const snapshots = journal.entries.map((e) => {
      const file = path.join(folder, 'meta', `${e.tag.slice(0, 4)}_snapshot.json`);
      return JSON.parse(readFileSync(file, 'utf8')) as { id: string; prevId: string };
    });
    snapshots.forEach((s, i) => {
      if (i > 0) expect(s.prevId, journal.entries[i]!.tag).toBe(snapshots[i - 1]!.id);
    });
  });
});
