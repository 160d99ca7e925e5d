/** Every word printed on invoices, bills of supply and credit notes (ADR 017). */
export const INVOICE_COPY = {
  title: { taxInvoice: 'Tax Invoice', billOfSupply: 'Bill of Supply', creditNote: 'Credit Note' },
  /**
   * Each supplier's own series from ADR 022 (TI: tax invoice, CR: credit note); documents issued before in the one
   * series every stay shared keep their INV/ and CN/ numbers.
   */
  numberPrefix: { invoice: 'TI', credit_note: 'CR' },
  unregistered: 'Supplier not registered under GST: no GST is charged on this supply.',
  exempt: 'Exempt from GST at these tariffs: no GST is charged on this supply.',
  notRegistered: 'Not registered under GST',
  number: 'Number',
  date: 'Date of issue',
  against: 'Against invoice',
  supplier: 'Supplier',
  recipient: 'Billed to',
  gstin: 'GSTIN',
  company: 'Company',
  placeOfSupply: 'Place of supply',
  sac: (code: string) => `SAC ${code} · Accommodation services`,
  stay: 'Stay',
  checkIn: 'Check-in',
  checkOut: 'Check-out',
  nights: 'Nights',
  orderId: 'Order id',
  reverseChargeNo: 'Whether tax is payable on reverse charge: No',
  pinState: (pin: string, state: string) => [pin && `PIN ${pin}`, state].filter(Boolean).join(', '),
  through: (stay: string) => `Supplied by ${stay} through StayBook`,
  operatorNote: (stay: string) =>
    `Accommodation supplied by ${stay}, not registered under GST, through StayBook: the tax is paid by the electronic commerce operator under section 9(5) of the CGST Act, 2017 (Notification 17/2017-Central Tax (Rate)).`,
  /** From ADR 054: the test is the supplier's liability to register (s.22(1)), not whether they hold a GSTIN. */
  operatorNoteLiability: (stay: string, gstin: string | null) =>
    `Accommodation supplied by ${stay}${gstin ? ` (GSTIN ${gstin})` : ''}, not liable for registration under section 22(1) of the CGST Act, 2017, through StayBook: the tax is paid by the electronic commerce operator under section 9(5) (Notification 17/2017-Central Tax (Rate)).`,
  invoicedLine: (rate: string, nights: number, amount: string) => `${rate} × ${nights} = ${amount}`,
  columns: {
    invoiced: 'Invoiced',
    credited: 'Credited',
    room: 'Room',
    rate: 'Rate / night',
    nights: 'Nights',
    taxable: 'Taxable value',
    gstRate: 'GST',
    cgst: 'CGST',
    sgst: 'SGST',
    amount: 'Amount',
    value: 'Value',
  },
  taxable: 'Taxable value',
  cgst: (rate: string) => `CGST${rate}`,
  sgst: (rate: string) => `SGST${rate}`,
  total: 'Total',
  inWords: 'Amount in words',
  /** The amount in words, Indian style: "Rupees One Lakh Twenty Thousand and Fifty Paise Only". */
  words: {
    rupees: (words: string) => `Rupees ${words}`,
    paise: (words: string, paise: number) => `${words} ${paise === 1 ? 'Paisa' : 'Paise'}`,
    and: ' and ',
    only: ' Only',
    zero: 'Zero',
  },
  inclusive: 'Tariffs include GST. CGST and SGST are each half the rate (intra-state supply).',
  creditReason: 'Booking cancelled: the value of the invoice is credited in full.',
  creditPartReason: (credited: string, invoiced: string) =>
    `Booking cancelled: ${credited} of the invoice's ${invoiced} is credited, the refund under the booking's cancellation policy. The rest is kept as a cancellation charge, taxed as invoiced.`,
  footer: 'This is a computer-generated document and needs no signature.',
  mailLine: (kind: string, number: string) => `${kind} ${number} is attached.`,
  /**
   * A refund made after the last day a credit note could reduce the invoice's tax (s.34(2), ADR 047): refunded, with
   * no credit note; `deadline` as dd/MM/yyyy.
   */
  lateRefund: (deadline: string) =>
    `No GST credit note is issued for this refund: under section 34(2) of the CGST Act, 2017, a credit note for this invoice could be issued until ${deadline}. The tax invoice stands as issued.`,
} as const;
