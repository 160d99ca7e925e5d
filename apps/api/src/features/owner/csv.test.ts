import { describe, expect, it } from 'vitest';
import { csvCell, looksLikeFormula } from './csv.ts';

describe('csvCell: formulas defused', () => {
  it('defuses a sign at the start, after invisible characters, and in full-width form', () => {
    for (const text of [
      '=1+1',
      '+1',
      '-1',
      '@SUM(A1)',
      '\t=1',
      '\u200B=HYPERLINK("x")', // zero-width space
      '\uFEFF=1+1', // byte-order mark
      '\u2060\u200D+cmd', // word joiner, zero-width joiner
      '\u00A0 =1', // no-break space, space
      '\u202E=1', // right-to-left override
      '＝HYPERLINK("x")',
      '＋1',
      '－1',
      '＠SUM(A1)',
      '\u200B＝1',
    ])
      expect(looksLikeFormula(text), JSON.stringify(text)).toBe(true);
    expect(csvCell('\u200B=1+1')).toBe("'\u200B=1+1");
    expect(csvCell('＝HYPERLINK("x")')).toBe(`"'＝HYPERLINK(""x"")"`);
  });

  it('leaves ordinary text and numbers as they are', () => {
    for (const text of ['Asha Verma', 'Kumar, Jr', 'a=b', '१२३', 'Ünïcode', '\u200BAsha'])
      expect(looksLikeFormula(text), text).toBe(false);
    expect(csvCell(-12.5)).toBe('-12.5');
    expect(csvCell('Asha')).toBe('Asha');
  });
});
