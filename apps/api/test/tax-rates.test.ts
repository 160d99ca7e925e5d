import { afterAll, describe, expect, it } from 'vitest';
import { taxSlabs } from '#src/features/invoices/tax-rates.ts';
import { build, testEngine } from './helper.ts';

// The rates are kept per database for 10 minutes; when they are not kept, a confirm reads them inside its
// transaction. On the embedded database (one connection, held by the open transaction) a read beside the
// transaction would wait for it for ever: the read goes through the transaction.
describe(`GST rates read inside a transaction (${testEngine})`, async () => {
  const app = await build();
  afterAll(() => app.close());

  it('reads the rates through the open transaction when none are kept, then keeps them for the database', async () => {
    const inside = await app.db.transaction(async (tx) => taxSlabs(app.db, Date.now(), tx));
    expect(inside.length).toBeGreaterThan(0);
    expect(inside.some((s) => s.ratePercent === 5)).toBe(true);
    // Kept: the same rows without a read.
    expect(await taxSlabs(app.db)).toBe(inside);
  }, 10_000);
});
