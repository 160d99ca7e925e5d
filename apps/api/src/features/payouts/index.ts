// The payouts feature's public entry: its plugin (app.ts) and its run (the seed and the bench settle through it).
export { payoutsPlugin } from './plugin.ts';
export { runPayouts } from './run.ts';
export { settlePeriod } from './settlements.service.ts';
export { issueFeeInvoices } from './fee-invoices.ts';
export { figuresOf } from './statements.ts';
// The event a stay's own cancel emits: the platform pays the guest their compensation (ADR 053).
export { CompensationOwed } from './events.ts';
