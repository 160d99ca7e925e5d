import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/decisions/README.md is the map of the decisions: every record listed, every replaced one marked in its own file.
const folder = path.resolve(import.meta.dirname, '../../../docs/decisions');
const index = readFileSync(path.join(folder, 'README.md'), 'utf8');
const records = readdirSync(folder).filter((f) => /^\d{3}-.+\.md$/.test(f));

describe('the decisions index', () => {
  it('lists every record, and links only records that exist', () => {
    const linked = [...index.matchAll(/\]\((\d{3}-[^)]+\.md)\)/g)].map((m) => m[1]);
    expect(new Set(linked)).toEqual(new Set(records));
  });

  it('a record the index calls superseded says so itself, naming the record that replaced it', () => {
    const superseded = [...index.matchAll(/\]\((\d{3}-[^)]+\.md)\)\s*\|\s*superseded by (\d{3})/g)];
    expect(superseded.length).toBeGreaterThan(0);
    for (const [, file, by] of superseded)
      expect(readFileSync(path.join(folder, file!), 'utf8'), file).toMatch(new RegExp(`Superseded by ${by}`));
  });

  it('names the next number after the highest record', () => {
    const highest = Math.max(...records.map((f) => Number(f.slice(0, 3))));
    expect(index).toContain(`after the highest (${String(highest + 1).padStart(3, '0')})`);
  });
});
