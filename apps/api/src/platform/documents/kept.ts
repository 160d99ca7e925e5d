import { createHash } from 'node:crypto';

/** Where one document's file is kept: read it, or keep new bytes (a second keep of the same document does nothing). */
export type FileStore = {
  find(): Promise<Buffer | undefined>;
  keep(file: { pdf: Buffer; sha256: string }): Promise<void>;
};

/**
 * A document's file as issued (ADR 022): drawn once from what it records, at its first use, and kept in its
 * append-only table; every later use serves those bytes, whatever the code that draws documents has become. Two first
 * uses at once may both draw it: the first kept is what both serve.
 */
export async function keptFile(store: FileStore, draw: () => Promise<Buffer>): Promise<Buffer> {
  const kept = await store.find();
  if (kept) return kept;
  const pdf = await draw();
  await store.keep({ pdf, sha256: createHash('sha256').update(pdf).digest('hex') });
  return (await store.find()) ?? pdf;
}
