import { todayInIndia } from '@repo/shared/domain/dates';
import {
  creditOf,
  documentNumber,
  financialYear,
  type GstRoom,
  gstBreakup,
  isExemptSupply,
  type TaxSlab,
} from '@repo/shared/domain/gst';
import { gstinState } from '@repo/shared/domain/gstin';
import type { GstBreakupDto, InvoiceRefDto } from '@repo/shared/schemas/gst';
import { ToWords } from 'to-words';
import type { Tx } from '#src/db/client.ts';
import type { bookingRooms } from '#src/db/schema/index.ts';
import { INVOICE_COPY, SAC_ACCOMMODATION } from './copy.ts';
import type { InvoicesDeps } from './deps.ts';
import * as repo from './invoices.repository.ts';
import { taxSlabs } from './tax-rates.ts';

type RoomRow = Pick<typeof bookingRooms.$inferSelect, 'bookingId' | 'number' | 'title' | 'pricePerNight' | 'nightlyPrices'>;
type BookingLike = { id: string; stayId: string; checkIn: string; nights: number };

/** Everything printed on an invoice, bill of supply or credit note, kept as issued (`invoices.snapshot`). */
export type InvoiceSnapshot = {
  title: string;
  number: string;
  issuedOn: string;
  financialYear: string;
  supplier: { legalName: string; tradeName: string; address: string; city: string; gstin: string | null };
  /** `address`: a business guest's billing address (documents issued before it was asked have none). */
  recipient: { name: string; email: string; gstin: string | null; company: string | null; address?: string | null };
  placeOfSupply: string;
  sac: string;
  booking: { id: string; orderId: string | null; checkIn: string; checkOut: string; nights: number };
  gst: GstBreakupDto;
  totalInWords: string;
  /** A credit note's invoice, and its total (credit notes issued before partial credits have none). */
  against?: { number: string; issuedOn: string; total?: number };
};

/** The booking's GST and the documents issued for it, as the booking DTO carries them. */
export type BookingTax = { gst: GstBreakupDto; documents: InvoiceRefDto[] };

let words: ToWords | undefined;
/**
 * Rupees and paise in words, Indian style (lakh, crore; `to-words`, en-IN): "Rupees One Crore Twenty Three Lakh
 * Forty Five Thousand Six Hundred Seventy Eight and Fifty Paise Only"; "One Paisa Only" when there are no rupees.
 */
export function amountInWords(paise: number): string {
  words ??= new ToWords({ localeCode: 'en-IN' });
  const w = INVOICE_COPY.words;
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  const parts = [
    ...(rupees > 0 || rest === 0 ? [w.rupees(rupees > 0 ? words.convert(rupees) : w.zero)] : []),
    ...(rest > 0 ? [w.paise(words.convert(rest), rest)] : []),
  ];
  return parts.join(w.and) + w.only;
}

/** A room's tariff for each night: its nightly prices, or its price per night on bookings made before them. */
export function gstRoom(room: RoomRow, nights: number): GstRoom {
  const prices =
    room.nightlyPrices && room.nightlyPrices.length === nights
      ? room.nightlyPrices
      : Array.from({ length: nights }, () => room.pricePerNight);
  return { number: room.number, title: room.title, nightlyPrices: prices };
}

/** The GST in a booking's amount: by the rates when the stay is registered, none when it is not (ADR 017). */
export function breakupOf(
  b: BookingLike,
  rooms: readonly RoomRow[],
  slabs: readonly TaxSlab[],
  registered: boolean,
): GstBreakupDto {
  const own = rooms.filter((r) => r.bookingId === b.id).map((r) => gstRoom(r, b.nights));
  return { registered, ...gstBreakup(own, b.checkIn, registered ? slabs : []) };
}

const refOf = (row: repo.InvoiceRow): InvoiceRefDto => ({
  kind: row.kind,
  number: row.number,
  issuedAt: row.issuedAt.toISOString(),
});

/**
 * The GST and documents of bookings, by booking id: as printed on a booking's invoice once it has one, else
 * computed from its rooms' tariffs, the rates in force and whether the stay is registered now.
 */
export async function taxOfBookings(
  deps: InvoicesDeps,
  list: readonly BookingLike[],
  rooms: readonly RoomRow[],
): Promise<Map<string, BookingTax>> {
  const ids = list.map((b) => b.id);
  const [slabs, registered, issued] = await Promise.all([
    taxSlabs(deps.db),
    repo.registrationOfStays(
      deps.db,
      list.map((b) => b.stayId),
    ),
    repo.invoicesOfBookings(deps.db, ids),
  ]);
  const result = new Map<string, BookingTax>();
  for (const b of list) {
    const docs = issued.filter((i) => i.bookingId === b.id);
    const invoice = docs.find((d) => d.kind === 'invoice');
    const gst = invoice
      ? (invoice.snapshot as InvoiceSnapshot).gst
      : breakupOf(b, rooms, slabs, registered.get(b.stayId) ?? false);
    result.set(b.id, { gst, documents: docs.map(refOf) });
  }
  return result;
}

/** The tax of one booking (the hold's answer and single views). */
export async function taxOfBooking(deps: InvoicesDeps, b: BookingLike, rooms: readonly RoomRow[]): Promise<BookingTax> {
  const tax = (await taxOfBookings(deps, [b], rooms)).get(b.id);
  if (!tax) throw new Error('booking tax missing');
  return tax;
}

/** The tax of a booking just made (the hold's answer): nothing issued yet, the stay's registration as read with it. */
export async function taxOfNewBooking(
  deps: InvoicesDeps,
  b: BookingLike,
  rooms: readonly RoomRow[],
  registered: boolean,
): Promise<BookingTax> {
  return { gst: breakupOf(b, rooms, await taxSlabs(deps.db), registered), documents: [] };
}

/**
 * Issues the tax invoice of a booking being confirmed, in the caller's transaction (the one that confirms it):
 * numbered next in its financial year's series (India date of issue), with what it prints kept as a snapshot.
 * A stay without a GSTIN is not registered: it charges no GST and issues a bill of supply from the same series, as
 * a registered stay does for a booking whose every night is exempt.
 * Issued once per booking: a second call returns the first invoice.
 */
export async function issueInvoice(deps: InvoicesDeps, tx: Tx, bookingId: string): Promise<repo.InvoiceRow> {
  const existing = await repo.findInvoice(tx, bookingId, 'invoice');
  if (existing) return existing;
  const src = await repo.invoiceSource(tx, bookingId);
  if (!src) throw new Error(`booking ${bookingId} not found for its invoice`);
  const { booking: b, stay, guest, rooms } = src;
  const registered = Boolean(stay.gstin);
  const gst = breakupOf(
    { id: b.id, stayId: b.stayId, checkIn: b.checkIn, nights: b.nights },
    rooms,
    await taxSlabs(deps.db, Date.now(), tx),
    registered,
  );
  // The hold prices the booking from the same tariffs (hold.service): a difference is a fault to look into, but the
  // payment is taken already, so the confirmation goes on and the invoice prints the tariffs.
  if (gst.total !== b.amountPaise)
    deps.log.error({ bookingId: b.id, tariffs: gst.total, amount: b.amountPaise }, 'invoice: tariffs differ from amount');
  return issue(deps, tx, 'invoice', b.id, (number, issuedOn, fy) => ({
    // Without GST to charge (an unregistered stay, or every night exempt) the document is a bill of supply.
    title: registered && !isExemptSupply(gst) ? INVOICE_COPY.title.taxInvoice : INVOICE_COPY.title.billOfSupply,
    number,
    issuedOn,
    financialYear: fy,
    supplier: {
      legalName: stay.legalName || stay.name,
      tradeName: stay.name,
      address: stay.address,
      city: stay.city,
      gstin: stay.gstin,
    },
    recipient: {
      name: `${guest.firstName} ${guest.lastName}`.trim(),
      email: guest.email,
      gstin: b.guestGstin,
      company: b.guestCompany,
      address: b.guestAddress,
    },
    // A stay's nights are supplied where it stands: the state its GSTIN is registered in (its city when unregistered).
    placeOfSupply: (stay.gstin && gstinState(stay.gstin)) || stay.city,
    sac: SAC_ACCOMMODATION,
    booking: { id: b.id, orderId: b.providerOrderId, checkIn: b.checkIn, checkOut: b.checkOut, nights: b.nights },
    gst,
    totalInWords: amountInWords(gst.total),
  }));
}

/**
 * Issues the credit note of a booking being cancelled, in the caller's (the cancel's) transaction, for what is
 * refunded (`refundPaise`): each line of the invoice credited in proportion, its tax split again at its own rate,
 * so the invoice less the credit note is what the stay keeps, still taxed (ADR 017). Numbered in the credit notes'
 * own series and naming the invoice. Nothing when nothing is refunded, or for a booking that has no invoice (a
 * hold never paid); issued once per booking.
 */
export async function issueCreditNote(
  deps: InvoicesDeps,
  tx: Tx,
  bookingId: string,
  refundPaise: number,
): Promise<repo.InvoiceRow | undefined> {
  const existing = await repo.findInvoice(tx, bookingId, 'credit_note');
  if (existing) return existing;
  if (refundPaise <= 0) return undefined;
  const invoice = await repo.findInvoice(tx, bookingId, 'invoice');
  if (!invoice) return undefined;
  const of = invoice.snapshot as InvoiceSnapshot;
  const gst: GstBreakupDto = { registered: of.gst.registered, ...creditOf(of.gst, refundPaise) };
  return issue(deps, tx, 'credit_note', bookingId, (number, issuedOn, fy) => ({
    ...of,
    title: INVOICE_COPY.title.creditNote,
    number,
    issuedOn,
    financialYear: fy,
    gst,
    totalInWords: amountInWords(gst.total),
    against: { number: of.number, issuedOn: of.issuedOn, total: of.gst.total },
  }));
}

async function issue(
  deps: InvoicesDeps,
  tx: Tx,
  kind: repo.InvoiceKind,
  bookingId: string,
  snapshot: (number: string, issuedOn: string, fy: string) => InvoiceSnapshot,
) {
  const now = deps.clock.now();
  const issuedOn = todayInIndia(now);
  const fy = financialYear(issuedOn);
  const seq = await repo.nextSeq(tx, kind, fy);
  const number = documentNumber(INVOICE_COPY.numberPrefix[kind], fy, seq);
  const printed = snapshot(number, issuedOn, fy);
  return repo.insertInvoice(tx, {
    bookingId,
    kind,
    financialYear: fy,
    seq,
    number,
    totalPaise: printed.gst.total,
    snapshot: printed as unknown as Record<string, unknown>,
    issuedAt: now,
  });
}
