import type { Deps } from '#src/platform/deps.ts';

/** What the invoices feature uses. */
export type InvoicesDeps = Pick<Deps, 'db' | 'clock' | 'log'>;
