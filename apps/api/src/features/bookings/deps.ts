import type { Deps } from '#src/platform/deps.ts';

/** What the bookings feature uses. */
export type BookingsDeps = Pick<Deps, 'db' | 'config' | 'payments' | 'payouts' | 'outbox' | 'mail' | 'clock' | 'log'>;
