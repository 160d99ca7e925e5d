/** Every label of cancellation policies, cancels and refunds (guest and owner sides). */
export const CANCEL_COPY = {
  policy: {
    title: 'Cancellation policy',
    freeDays: 'Free cancellation until (days before check-in)',
    freeDaysHint: '1: free until the day before check-in; 0: no free cancellation',
    nonRefundable: 'Non-refundable',
    nonRefundableHint: 'Guests get no refund if they cancel (a cancel by you still refunds them in full)',
    refundPercent: 'Refund after that (% of the amount paid)',
    refundPercentHint: 'Until the day before check-in; no refund on or after the check-in day',
    preview: 'Guests will read',
  },
  admin: {
    open: 'Cancel booking',
    loading: 'Loading the booking…',
    loadError: 'This booking could not be loaded',
    retry: 'Try again',
    dialogTitle: 'Cancel this booking?',
    refundToGuest: 'Refund to the guest',
    refundWhy:
      'Everything the guest paid, whatever the booking’s cancellation policy: a stay that cancels may not charge the guest for it.',
    noRefund: 'Nothing is refunded',
    compensationToGuest: 'Compensation to the guest',
    compensationWhy:
      'On top of the refund: the charge your policy would take from the guest for a cancel today. The guest is paid it, and it is deducted from your next settlement.',
    mailed: 'The refund is recorded, and the guest is told by email at once.',
    keep: 'Keep booking',
    confirm: 'Yes, cancel booking',
    done: (refunded: boolean) =>
      refunded ? 'The booking has been cancelled and the guest refunded' : 'The booking has been cancelled; nothing is refunded',
    notCancellable: 'This booking can not be cancelled: only a confirmed booking before its check-in day can.',
  },
} as const;
