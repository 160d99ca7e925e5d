export * from './bookings.ts';
export * from './stays.ts';
export * from './users.ts';
export * from './money.ts';
export * from './guests.ts';
export * from './grievances.ts';
export * from './sandbox.ts';
export * from './payouts.ts';
export type * from './invoice-snapshot.ts';
