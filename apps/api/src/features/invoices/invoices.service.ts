import { todayInIndia } from '@repo/shared/domain/dates';
import {
  creditNoteDeadline,
  creditNoteInTime,
  creditOf,
  documentFileName,
  documentNumber,
  financialYear,
  type GstRoom,
  gstBreakup,
} from '@repo/shared/domain/gst';
import { ACCOMMODATION_SAC, GST_ACCOMMODATION_RATES } from '@repo/shared/domain/gst-rates';
import { type GstRegistration, supplyOf } from '@repo/shared/domain/gst-supply';
import { gstinState, isStateCode, stateLabel } from '@repo/shared/domain/gstin';
import type { DocumentSupplierDto, GstBreakupDto, InvoiceRefDto } from '@repo/shared/schemas/gst';
import { ToWords } from 'to-words';
import type { Queryable, Tx } from '#src/db/client.ts';
import { planLabel } from '@repo/shared/domain/plans';
import type { bookingRooms, InvoiceSnapshot, Supplier } from '#src/db/schema/index.ts';
import { INVOICE_COPY } from './copy.ts';
import type { InvoicesDeps, PlatformIdentity } from './deps.ts';
import * as repo from './invoices.repository.ts';

type RoomRow = Pick<
  typeof bookingRooms.$inferSelect,
  'bookingId' | 'number' | 'title' | 'pricePerNight' | 'nightlyPrices' | 'planName' | 'mealPlan'
>;
type BookingLike = { id: string; stayId: string; checkIn: string; nights: number };

export type { InvoiceSnapshot, Supplier };

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
  // The line names the rate plan the room was sold under, with its meal plan (ADR 065; rooms sold before plans: none).
  const title =
    room.planName !== null && room.mealPlan !== null ? `${room.title} — ${planLabel(room.planName, room.mealPlan)}` : room.title;
  return { number: room.number, title, nightlyPrices: prices };
}

/**
 * The GST in a booking's amount at the rates of its time of supply (`supplyDate`, India date): every supply through
 * the platform is taxed, by the stay when it is registered and by the platform under s.9(5) when it is not
 * (ADR 022), so `registered` (GST charged) is always true for what is computed now.
 */
export function breakupOf(b: BookingLike, rooms: readonly RoomRow[], supplyDate: string): GstBreakupDto {
  const own = rooms.filter((r) => r.bookingId === b.id).map((r) => gstRoom(r, b.nights));
  return { registered: true, ...gstBreakup(own, supplyDate, GST_ACCOMMODATION_RATES) };
}

/** A stay as its supplies are taxed: registered when it has a GSTIN of the state it stands in. */
type StayOfSupply = {
  name: string;
  legalName: string;
  address: string;
  city: string;
  gstin: string | null;
  stateCode: string | null;
};

/**
 * The place of supply of a stay's nights: the state it stands in (IGST Act s.12(3)); for a stay of an unknown
 * state made before states were asked, the state of its GSTIN, else its city as before.
 */
export function placeOfSupplyOf(stay: Pick<StayOfSupply, 'stateCode' | 'gstin' | 'city'>): string {
  if (stay.stateCode && isStateCode(stay.stateCode)) return stateLabel(stay.stateCode);
  return (stay.gstin && gstinState(stay.gstin)) || stay.city;
}

/** An owner's GST declaration for the stay's state, as the supplier is decided by it (ADR 054). */
type Declaration = { registration: GstRegistration; gstin: string | null; liable: boolean; legalName: string; address: string };

/**
 * Who supplies and invoices a stay's nights, by its owner's declaration for its state in force (`declared`; none:
 * the stay's own GSTIN of its state as before): the owner under their GSTIN when they are liable for registration
 * and registered, else the platform under s.9(5) CGST Act (Notification 17/2017-CT(Rate)) with its GSTIN of the
 * stay's state, naming the stay (and the owner's GSTIN, when registered voluntarily) it supplies through.
 */
export function supplierOf(stay: StayOfSupply, declared: Declaration | null, platform: PlatformIdentity): Supplier {
  const supply = supplyOf(declared, stay, platform.gstins);
  if (supply.by === 'owner')
    return {
      legalName: declared?.legalName || stay.legalName || stay.name,
      tradeName: stay.name,
      address: declared?.address || stay.address,
      city: declared ? '' : stay.city,
      gstin: supply.gstin,
    };
  const state = stay.stateCode ?? stay.gstin?.slice(0, 2) ?? '';
  return {
    legalName: platform.legalName,
    tradeName: platform.tradeName,
    address: platform.address,
    city: '',
    // Nobody may supply it now (the declaration changed after the hold): the platform's, where it has one.
    gstin: supply.by === 'platform' ? supply.platformGstin : (platform.gstins[state] ?? null),
    through: {
      name: stay.name,
      legalName: declared?.legalName || stay.legalName,
      address: stay.address,
      city: stay.city,
      gstin: supply.by === 'platform' ? supply.ownerGstin : null,
    },
  };
}

/** Who issued a document, as printed: its trade name (the stay's, or the platform's for a supply under s.9(5)) and GSTIN. */
export function documentSupplier(snapshot: Pick<InvoiceSnapshot, 'supplier'>): DocumentSupplierDto {
  const { supplier } = snapshot;
  return {
    name: supplier.tradeName || supplier.legalName,
    gstin: supplier.gstin,
    byPlatform: Boolean(supplier.through),
  };
}

/** A document's file name: its number and its supplier, as two suppliers' numbers may be the same. */
export const fileNameOf = (row: Pick<repo.InvoiceRow, 'number' | 'snapshot'>) =>
  documentFileName(row.number, documentSupplier(row.snapshot));

const refOf = (row: repo.InvoiceRow): InvoiceRefDto => {
  const printed = row.snapshot;
  return {
    kind: row.kind,
    title: printed.title,
    number: row.number,
    issuedAt: row.issuedAt.toISOString(),
    total: row.totalPaise,
    tax: printed.gst.cgst + printed.gst.sgst,
    supplier: documentSupplier(printed),
  };
};

/**
 * The GST and documents of bookings, by booking id: as printed on a booking's invoice once it has one, else
 * computed from its rooms' tariffs, the rates in force and whether the stay is registered now.
 */
export async function taxOfBookings(
  deps: InvoicesDeps,
  list: readonly BookingLike[],
  rooms: readonly RoomRow[],
): Promise<Map<string, BookingTax>> {
  const issued = await repo.invoicesOfBookings(
    deps.db,
    list.map((b) => b.id),
  );
  const today = todayInIndia(deps.clock.now());
  const result = new Map<string, BookingTax>();
  for (const b of list) {
    const docs = issued.filter((i) => i.bookingId === b.id);
    const invoice = docs.find((d) => d.kind === 'invoice');
    // Before its invoice, a booking is taxed as it would be if paid today.
    const gst = invoice ? invoice.snapshot.gst : breakupOf(b, rooms, today);
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

/** The tax of a booking just made (the hold's answer): nothing issued yet, taxed as if paid today. */
export function taxOfNewBooking(deps: InvoicesDeps, b: BookingLike, rooms: readonly RoomRow[]): BookingTax {
  return { gst: breakupOf(b, rooms, todayInIndia(deps.clock.now())), documents: [] };
}

/**
 * Issues the tax invoice of a booking being confirmed, in the caller's transaction (the one that confirms it): by
 * its supplier — the stay under its GSTIN, or the platform under s.9(5) for a stay not registered — numbered next
 * in that supplier's series of the financial year (India date of issue), taxed at the rates of that day (its time
 * of supply), with what it prints kept as a snapshot (ADR 017, 022). Issued once per booking: a second call
 * returns the first invoice.
 */
export async function issueInvoice(deps: InvoicesDeps, tx: Tx, bookingId: string): Promise<repo.InvoiceRow> {
  const existing = await repo.findInvoice(tx, bookingId, 'invoice');
  if (existing) return existing;
  const src = await repo.invoiceSource(tx, bookingId);
  if (!src) throw new Error(`booking ${bookingId} not found for its invoice`);
  const { booking: b, stay, guest, rooms } = src;
  const now = deps.clock.now();
  const state = stay.stateCode ?? stay.gstin?.slice(0, 2);
  const declared = state ? await repo.declarationInForce(tx, stay.ownerId, state, now) : undefined;
  const supplier = supplierOf(stay, declared ?? null, deps.config.platform);
  const issuedOn = todayInIndia(now);
  const gst = breakupOf({ id: b.id, stayId: b.stayId, checkIn: b.checkIn, nights: b.nights }, rooms, issuedOn);
  // The hold prices the booking from the same tariffs (hold.service): a difference is a fault to look into, but the
  // payment is taken already, so the confirmation goes on and the invoice prints the tariffs.
  if (gst.total !== b.amountPaise)
    deps.log.error({ bookingId: b.id, tariffs: gst.total, amount: b.amountPaise }, 'invoice: tariffs differ from amount');
  if (!supplier.gstin)
    deps.log.error({ bookingId: b.id, state: stay.stateCode }, 'invoice: the platform has no GSTIN in the stay state');
  return issue(deps, tx, 'invoice', b.id, supplier.gstin ?? '', (number, fy) => ({
    version: 2,
    title: INVOICE_COPY.title.taxInvoice,
    number,
    issuedOn,
    financialYear: fy,
    supplier,
    recipient: {
      // A desk booking's guest is named on it (its account is the admin who took it; ADR 064).
      name: b.source === 'desk' && b.guestName ? b.guestName : `${guest.firstName} ${guest.lastName}`.trim(),
      email: b.source === 'desk' ? (b.guestEmail ?? '') : guest.email,
      gstin: b.guestGstin,
      company: b.guestCompany,
      address: b.guestAddress,
      pin: b.guestPin,
      state: b.guestState && isStateCode(b.guestState) ? stateLabel(b.guestState) : null,
    },
    reverseCharge: false,
    placeOfSupply: placeOfSupplyOf(stay),
    sac: ACCOMMODATION_SAC,
    booking: { id: b.id, orderId: b.providerOrderId, checkIn: b.checkIn, checkOut: b.checkOut, nights: b.nights },
    gst,
    totalInWords: amountInWords(gst.total),
  }));
}

/**
 * Issues the credit note of a booking being cancelled, in the caller's (the cancel's) transaction, for what is
 * refunded (`refundPaise`): each line of the invoice credited in proportion, its tax split again at its own rate,
 * so the invoice less the credit note is what the stay keeps, still taxed (ADR 017). Numbered in the credit notes'
 * own series and naming the invoice, with today's SAC whatever the invoice printed. Nothing when nothing is
 * refunded, for a booking that has no invoice (a hold never paid), or after 30 November following the end of the
 * invoice's financial year, when a credit note may no longer reduce its tax (s.34(2), ADR 047): the refund is then
 * a refund only and the invoice stands. Issued once per booking.
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
  const of = invoice.snapshot;
  const issuedOn = todayInIndia(deps.clock.now());
  if (!creditNoteInTime(of.issuedOn, issuedOn)) return undefined;
  const gst: GstBreakupDto = { registered: of.gst.registered, ...creditOf(of.gst, refundPaise) };
  // By the invoice's supplier, in its series; an invoice from the one shared series (before ADR 022) is credited by
  // a credit note in its supplier's own series now.
  return issue(deps, tx, 'credit_note', bookingId, invoice.supplier || of.supplier.gstin || '', (number, fy) => ({
    ...of,
    title: INVOICE_COPY.title.creditNote,
    sac: ACCOMMODATION_SAC,
    number,
    issuedOn,
    financialYear: fy,
    gst,
    totalInWords: amountInWords(gst.total),
    against: { number: of.number, issuedOn: of.issuedOn, total: of.gst.total },
  }));
}

/**
 * The last day a credit note could have reduced the tax of a booking's invoice, when that day is past on `day` and
 * no credit note was issued (a refund made after it is a refund only, s.34(2)); undefined otherwise.
 */
export async function creditNoteTimeOver(q: Queryable, bookingId: string, day: string): Promise<string | undefined> {
  const [invoice, credit] = await Promise.all([
    repo.findInvoice(q, bookingId, 'invoice'),
    repo.findInvoice(q, bookingId, 'credit_note'),
  ]);
  if (!invoice || credit || creditNoteInTime(invoice.snapshot.issuedOn, day)) return undefined;
  return creditNoteDeadline(invoice.snapshot.issuedOn);
}

async function issue(
  deps: InvoicesDeps,
  tx: Tx,
  kind: repo.InvoiceKind,
  bookingId: string,
  supplier: string,
  snapshot: (number: string, fy: string) => InvoiceSnapshot,
) {
  const now = deps.clock.now();
  const fy = financialYear(todayInIndia(now));
  const seq = await repo.nextSeq(tx, supplier, kind, fy);
  const number = documentNumber(INVOICE_COPY.numberPrefix[kind], fy, seq);
  const printed = snapshot(number, fy);
  return repo.insertInvoice(tx, {
    bookingId,
    kind,
    supplier,
    financialYear: fy,
    seq,
    number,
    totalPaise: printed.gst.total,
    snapshot: printed,
    issuedAt: now,
  });
}
