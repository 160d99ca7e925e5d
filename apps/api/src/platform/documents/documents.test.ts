import { describe, expect, it } from 'vitest';
import { keptFile, newPdf } from './index.ts';

/** A file store in memory that keeps the first file given, as the append-only tables do. */
function memoryStore() {
  let kept: Buffer | undefined;
  let keeps = 0;
  return {
    store: {
      find: async () => kept,
      keep: async (file: { pdf: Buffer; sha256: string }) => {
        keeps++;
        kept ??= file.pdf;
      },
    },
    keeps: () => keeps,
  };
}

describe('documents', () => {
  it('draws a document once, keeps it and serves the kept bytes ever after', async () => {
    const { store, keeps } = memoryStore();
    let draws = 0;
    const draw = async () => Buffer.from(`version ${++draws}`);
    expect(String(await keptFile(store, draw))).toBe('version 1');
    expect(String(await keptFile(store, draw))).toBe('version 1');
    expect(draws).toBe(1);
    expect(keeps()).toBe(1);
  });

  it('two first uses at once serve the same file: the first kept', async () => {
    const { store } = memoryStore();
    let draws = 0;
    const draw = async () => Buffer.from(`version ${++draws}`);
    const [a, b] = await Promise.all([keptFile(store, draw), keptFile(store, draw)]);
    expect(String(a)).toBe(String(b));
  });

  it('a PDF that fails while drawn rejects instead of never ending', async () => {
    const { doc, done } = newPdf({ size: 'A4' });
    doc.emit('error', new Error('broken font'));
    await expect(done).rejects.toThrow('broken font');
  });

  it('a PDF drawn and ended is its bytes, with the rupee sign’s font', async () => {
    const { doc, done } = newPdf({ size: 'A4' });
    doc.font('body').text('₹1,415.66');
    doc.end();
    const pdf = await done;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain('DejaVuSans');
  });
});
