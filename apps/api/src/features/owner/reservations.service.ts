import { planLabel } from '@repo/shared/domain/plans';
import { formatDate } from '@repo/shared/domain/dates';
import { OWNER_LIMITS, type ReservationDto, ReservationsFilter, type ReservationsPage } from '@repo/shared/schemas/owner';
import { notFound } from '#src/lib/errors.ts';
import type { Deps } from '#src/platform/deps.ts';
import { indiaDateTime, rupeesOf, toCsv } from './csv.ts';
import { OWNER_API_MSG, STATUS_WORDS } from './messages.ts';
import * as repo from './owner.repository.ts';

/** What the owner's screens use. */
export type OwnerDeps = Pick<Deps, 'db' | 'clock'>;

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

/**
 * A booking as the admin area shows it; `money: false` (front desk staff, ADR 066) leaves out what it cost, was paid,
 * refunded and owed.
 */
function toReservationDto(r: repo.ReservationRow, money = true): ReservationDto {
  return {
    id: r.id,
    stayId: r.stay_id,
    stayName: r.stay_name,
    orderId: r.provider_order_id,
    paymentId: r.provider_payment_id,
    guest: { name: `${r.first_name} ${r.last_name}`.trim(), email: r.email, mobile: r.mobile },
    from: r.check_in,
    to: r.check_out,
    nights: r.nights,
    adults: r.adults,
    children: r.children,
    // Each room with the rate plan it was sold under, in words (ADR 065; rooms sold before plans: none).
    rooms: json(r.rooms).map((room) => ({
      number: room.number,
      title: room.title,
      plan: room.planName !== null && room.mealPlan !== null ? planLabel(room.planName, room.mealPlan) : null,
    })),
    amount: money ? Number(r.amount_paise) : null,
    status: r.status,
    holdExpiresAt: iso(r.hold_expires_at),
    paid: money ? Number(r.paid) : null,
    refunded: money ? Number(r.refunded) : null,
    refundStatus: money ? r.refund_status : null,
    compensation: money ? Number(r.compensation) : null,
    createdAt: iso(r.created_at) ?? '',
  };
}

/** A stay filter names one of the owner's stays, else "not found" (another admin's stay is not told apart). */
async function checkStay(deps: OwnerDeps, ownerId: string, stayId: string | undefined) {
  if (!stayId) return;
  const stay = await repo.findStay(deps.db, stayId);
  if (!stay || stay.owner_id !== ownerId) throw notFound(OWNER_API_MSG.stayNotFound);
}

/** Whose reservations: the owner's; for a staff member, of the stays given (`stayIds`) and with money if their role sees it. */
export type ReservationsScope = { ownerId: string; stayIds: readonly string[] | null; money: boolean };

/** One page of the bookings of the owner's stays matching the filter, newest booking first. */
export async function ownerReservations(
  deps: OwnerDeps,
  scope: ReservationsScope,
  query: ReservationsFilter & { page: number },
): Promise<ReservationsPage> {
  const { page, ...filter } = query;
  await checkStay(deps, scope.ownerId, filter.stayId);
  const pageSize = OWNER_LIMITS.pageSize;
  const { rows, total } = await repo.reservations(
    deps.db,
    scope.ownerId,
    { ...ReservationsFilter.parse(filter), stayIds: scope.stayIds },
    { limit: pageSize, offset: (page - 1) * pageSize },
  );
  return { reservations: rows.map((r) => toReservationDto(r, scope.money)), page, pageSize, total };
}

/** One booking of the owner's stays; another admin's is "not found". */
export async function ownerReservation(
  deps: OwnerDeps,
  scope: Omit<ReservationsScope, 'stayIds'>,
  bookingId: string,
): Promise<ReservationDto> {
  const row = await repo.reservation(deps.db, scope.ownerId, bookingId);
  if (!row) throw notFound(OWNER_API_MSG.reservationNotFound);
  return toReservationDto(row, scope.money);
}

/** The CSV export's columns, in order. */
export const CSV_HEADER = [
  'Booking id',
  'Order id',
  'Payment id',
  'Stay',
  'Guest',
  'Email',
  'Mobile',
  'Check-in',
  'Check-out',
  'Nights',
  'Adults',
  'Children',
  'Rooms',
  'Status',
  'Amount (INR)',
  'Invoice number',
  'Taxable value (INR)',
  'CGST (INR)',
  'SGST (INR)',
  'IGST (INR)',
  'Guest GSTIN',
  'Paid (INR)',
  'Refunded (INR)',
  'Refund status',
  'Booked at (IST)',
] as const;

/** A booking's status in words: who cancelled a cancelled one, when the booking says. */
const statusInWords = (r: Pick<repo.ReservationRow, 'status' | 'cancelled_by'>): string =>
  r.status === 'cancelled' ? STATUS_WORDS.cancelled[r.cancelled_by ?? 'unknown'] : STATUS_WORDS[r.status];

/** Paise read from the database (bigint may come as text) as rupees, or an empty cell. */
const rupeesOrEmpty = (paise: number | string | null) => (paise === null ? null : rupeesOf(Number(paise)));

/**
 * The bookings of the owner's stays matching the filter (no pages, newest first, at most `max`), as CSV: dates
 * dd/MM/yyyy, the booking's time dd/MM/yyyy HH:mm in India time, amounts in rupees, the status in words. The tax
 * columns (invoice number, taxable value, CGST, SGST, IGST, the guest's GSTIN) are the booking's tax invoice (or
 * bill of supply) as issued, read from its snapshot, so they reconcile with the documents; empty without one. When
 * more match than `max`, a last line says how many were left out and how to export them.
 */
export async function reservationsCsv(
  deps: OwnerDeps,
  scope: Pick<ReservationsScope, 'ownerId' | 'stayIds'>,
  filter: ReservationsFilter,
  max: number = OWNER_LIMITS.exportMax,
): Promise<string> {
  await checkStay(deps, scope.ownerId, filter.stayId);
  const { rows, total } = await repo.reservationsWithInvoices(
    deps.db,
    scope.ownerId,
    { ...ReservationsFilter.parse(filter), stayIds: scope.stayIds },
    { limit: max, offset: 0 },
  );
  const cut = total > rows.length ? [[OWNER_API_MSG.exportCut(rows.length, total)]] : [];
  return toCsv(CSV_HEADER, [
    ...rows
      .map((row) => ({ row, r: toReservationDto(row) }))
      .map(({ row, r }) => [
        r.id,
        r.orderId,
        r.paymentId,
        r.stayName,
        r.guest.name,
        r.guest.email,
        r.guest.mobile,
        formatDate(r.from),
        formatDate(r.to),
        r.nights,
        r.adults,
        r.children,
        r.rooms.map((room) => `${room.number} ${room.title}`).join('; '),
        statusInWords(row),
        rupeesOf(Number(row.amount_paise)),
        row.invoice_number,
        rupeesOrEmpty(row.invoice_taxable),
        rupeesOrEmpty(row.invoice_cgst),
        rupeesOrEmpty(row.invoice_sgst),
        rupeesOrEmpty(row.invoice_igst),
        row.invoice_number === null ? null : row.invoice_gstin,
        rupeesOf(Number(row.paid)),
        rupeesOf(Number(row.refunded)),
        r.refundStatus,
        indiaDateTime(r.createdAt),
      ]),
    ...cut,
  ]);
}
