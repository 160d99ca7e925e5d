import type { Config } from '#src/config/config.ts';
import type { Deps } from '#src/platform/deps.ts';

/** What the invoices feature uses. */
export type InvoicesDeps = Pick<Deps, 'db' | 'clock' | 'log'> & { config: Pick<Config, 'platform'> };

/** The platform as the supplier of record under s.9(5) (settings, ADR 022). */
export type PlatformIdentity = Config['platform'];
