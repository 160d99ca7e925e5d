// The payouts feature's public entry: its plugin (app.ts) and its run (the seed and the bench settle through it).
export { payoutsPlugin } from './plugin.ts';
export { runPayouts } from './run.ts';
export { settlePeriod } from './settlements.service.ts';
export { feeInvoiceFile, issueDueFeeDocuments, issueFeeDocuments } from './fee-invoices.ts';
export { figuresOf } from './statements.ts';
export { checkStayGstin } from './declarations.ts';
