/** What the payouts' statements, reports and answers say (one place). */
export const PAYOUTS_COPY = {
  settlementMissing: 'Settlement not found',
  feeInvoiceMissing: 'Fee invoice not found',
  stayMissing: 'Stay not found',
  statementTitle: 'Settlement statement',
  kindBooking: 'Stay',
  kindAdjustment: 'Refund netted',
  kindCompensation: 'Compensation to the guest (your cancel)',
  byPlatformYes: 'Yes',
  byPlatformNo: 'No',
  opening: 'Carried from the last settlement',
  closing: 'Closing balance',
  payable: 'Payable to you',
  statementNote:
    'Gross: what guests paid, less refunds. GST: the GST in it (yours to pay, or the platform’s under s.9(5) CGST Act where marked). Fee: the platform’s fee on the value before tax, with 18 % GST on it (invoiced monthly). TCS: s.52 CGST Act, on registered stays only. TDS: income tax withheld on the value before tax. Compensation: what a stay that cancelled a booking itself owes its guest (the charge its policy would have taken from the guest), deducted from the net. A negative balance is carried to the next settlement.',
  feeInvoiceTitle: 'Tax Invoice',
  feeCreditNoteTitle: 'Credit Note',
  feeDescription: 'Marketplace service fee on stays sold through StayBook',
  compensationUnclaimedSubject: (stay: string) => `Compensation not paid: ${stay}`,
  compensationUnclaimed: (c: { amount: string; stay: string; guest: string; bookingId: string; link: string; status: string }) =>
    [
      `The payout link of a compensation of ${c.amount} that ${c.stay} owes its guest for cancelling their booking ended ${c.status}, unpaid.`,
      '',
      `Guest: ${c.guest}`,
      `Booking: ${c.bookingId}`,
      `Payout link: ${c.link}`,
      '',
      'It is still deducted from the owner. Please pay the guest another way.',
    ].join('\n'),
} as const;
