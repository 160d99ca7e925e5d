/** The admin's list of captured payments that did not match their booking's order (ADR 024). */
export const PAYMENTS_COPY = {
  title: 'Payment mismatches',
  subtitle:
    "Payments whose order, amount or currency did not match the booking's order. Each was refunded in full and never confirmed a booking.",
  columns: {
    sno: 'S.No',
    when: 'Received',
    stay: 'Stay',
    mismatch: 'Mismatch',
    expected: 'Order asked',
    paid: 'Gateway captured',
    payment: 'Payment id',
    refund: 'Refund',
    actions: 'Actions',
  },
  mismatch: { order: 'Another order', amount: 'Amount', currency: 'Currency' },
  refund: { pending: 'Pending', processed: 'Processed', failed: 'Failed', none: 'None' },
  noOrder: 'no order',
  empty: 'No mismatched payments. Every captured payment matched its order.',
  loading: 'Loading payment mismatches…',
  listError: 'The payment mismatches could not be loaded',
  retry: 'Try again',
  booking: 'Booking',
} as const;
