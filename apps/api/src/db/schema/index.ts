export * from './bookings.ts';
export * from './stays.ts';
export * from './users.ts';
export * from './money.ts';
export * from './guests.ts';
export * from './grievances.ts';
export * from './sandbox.ts';
export type * from './invoice-snapshot.ts';
export * from './channels.ts';
