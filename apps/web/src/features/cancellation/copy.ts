/** Every label of cancellation policies, cancels and refunds (guest and owner sides). */
export const CANCEL_COPY = {
  policy: {
    title: 'Cancellation policy',
    freeDays: 'Free cancellation until (days before check-in)',
    freeDaysHint: '0 or 1: free until the day before check-in',
    refundPercent: 'Refund after that (% of the amount paid)',
    refundPercentHint: 'Until the day before check-in; no refund on or after the check-in day',
    preview: 'Guests will read',
  },
  admin: {
    pageTitle: 'Cancel booking',
    open: 'Cancel booking',
    loading: 'Loading the booking…',
    loadError: 'This booking could not be loaded',
    notFound: 'This booking does not exist or is not of one of your stays.',
    retry: 'Try again',
    back: 'Back to dashboard',
    guest: 'Guest',
    stay: 'Stay',
    dates: 'Dates',
    paid: 'Amount paid',
    kept: 'Kept after refunds',
    status: 'Status',
    refund: 'Refund',
    dialogTitle: 'Cancel this booking?',
    refundLine: (amount: string) =>
      `The guest will be refunded ${amount} (everything paid: a cancel by the stay is refunded in full).`,
    noRefund: 'Nothing was paid, so nothing is refunded.',
    mailed: 'The guest is told by email at once.',
    keep: 'Keep booking',
    confirm: 'Yes, cancel booking',
    done: 'The booking has been cancelled and the guest refunded',
    notCancellable: 'This booking can not be cancelled: only a confirmed booking before its check-in day can.',
    cancelledBy: (by: 'guest' | 'owner' | null, on: string) =>
      `Cancelled ${by === 'owner' ? 'by you' : by === 'guest' ? 'by the guest' : ''} on ${on}`.replace('  ', ' '),
  },
} as const;
