import { splitNights } from './gst.ts';
import { bookingAccount, type LineFigures, type LineTerms } from './marketplace.ts';

/**
 * What one night at a tax-inclusive tariff (rupees) taxed at `ratePercent` credits its owner on `terms`: the night
 * split as an invoice line splits each of its nights (`splitNights`), then the account a settlement line keeps of
 * it (`bookingAccount`). `net` is what a one-night booking's line credits; for a registered owner it still holds the
 * GST they pay (`gst`), for a supply by the platform under s.9(5) the platform has kept it.
 */
export function nightAccount(tariff: number, ratePercent: number, terms: LineTerms): LineFigures {
  const gross = Math.round(tariff * 100);
  const { taxable, cgst, sgst } = splitNights(gross, 1, ratePercent);
  return bookingAccount({ gross, gst: cgst + sgst, taxable }, terms);
}
