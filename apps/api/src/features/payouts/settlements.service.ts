import { addDays, todayInIndia } from '@repo/shared/domain/dates';
import {
  bookingAccount,
  FEE_GST_RATES,
  financialYearStart,
  isZeroLine,
  type LineFigures,
  type LineTerms,
  lineDiff,
  periodOf,
  rateOn,
  settlementBalance,
  sumLines,
  TCS_RATES,
  tdsTermsOf,
} from '@repo/shared/domain/marketplace';
import { inTransaction } from '#src/db/client.ts';
import type { settlementLines } from '#src/db/schema/index.ts';
import type { Deps } from '#src/platform/deps.ts';
import * as compensations from './compensations.repository.ts';
import * as collections from './desk-collections.repository.ts';
import * as repo from './settlements.repository.ts';

type SettleDeps = Pick<Deps, 'db' | 'config' | 'log'>;

/** The instant a period's last day ends in India: what happened before it belongs to the period. */
export const cutoffOf = (periodEnd: string) => new Date(`${addDays(periodEnd, 1)}T00:00:00+05:30`);

const ZERO: LineFigures = { gross: 0, gst: 0, taxable: 0, fee: 0, feeGst: 0, tcs: 0, tds: 0, net: 0 };

/**
 * A due booking's new line (null when its account did not change), with the terms it was credited on. TDS is
 * decided on its first credit (ADR 050): `fyTaxableBefore` is what its owner was credited earlier in the financial
 * year, for the relief of an individual or HUF within ₹5 lakh.
 */
export function lineOf(b: repo.DueBooking, periodEnd: string, defaultFeeBp: number, fyTaxableBefore: number) {
  const gross = Number(b.paid) - Number(b.refunded);
  const invoiced = b.invoiced_taxable !== null;
  const gst = invoiced ? Number(b.invoiced_gst) - Number(b.credited_gst ?? 0) : 0;
  const taxable = invoiced ? Number(b.invoiced_taxable) - Number(b.credited_taxable ?? 0) : gross;
  const byPlatform = b.prev?.byPlatform ?? b.by_platform ?? false;
  const tds = b.prev
    ? { bp: b.prev.tdsBp, section: b.prev.tdsSection }
    : tdsTermsOf({ day: periodEnd, pan: b.pan, fyTaxableBefore, taxable });
  const terms: LineTerms = b.prev
    ? { byPlatform, feeBp: b.prev.feeBp, feeGstBp: b.prev.feeGstBp, tcsBp: b.prev.tcsBp, tdsBp: tds.bp }
    : {
        byPlatform,
        feeBp: b.stay_fee_bp ?? defaultFeeBp,
        feeGstBp: rateOn(FEE_GST_RATES, periodEnd).bp,
        // TCS at the rate of the supply's time (its invoice), as GSTR-8 reports it; none on money the stay took at
        // its desk: s.52(1) CGST Act asks it only where the operator collects the consideration (ADR 064).
        tcsBp: byPlatform || Number(b.desk_paid ?? 0) > 0 ? 0 : rateOn(TCS_RATES, b.invoiced_on ?? periodEnd).bp,
        tdsBp: tds.bp,
      };
  // A booking refunded in full before it was ever credited owes nothing either way.
  const account = gross <= 0 && taxable <= 0 && !b.prev ? ZERO : bookingAccount({ gross, gst, taxable }, terms);
  const line = lineDiff(account, b.prev ?? ZERO);
  if (isZeroLine(line)) return null;
  return { line, terms, tdsSection: tds.section, kind: b.prev ? ('adjustment' as const) : ('booking' as const) };
}

/**
 * An owner's due bookings' new lines, in order, each booking's TDS relief judged on what the owner was credited in
 * the financial year before it (`fyTaxableBefore`, then each line's value before GST added in turn).
 */
export function linesOf(bookings: readonly repo.DueBooking[], periodEnd: string, defaultFeeBp: number, fyTaxableBefore: number) {
  let soFar = fyTaxableBefore;
  return bookings.flatMap((booking) => {
    const l = lineOf(booking, periodEnd, defaultFeeBp, soFar);
    if (!l) return [];
    soFar += l.line.taxable;
    return [{ ...l, booking }];
  });
}

/**
 * Settles one period for every owner (or one): each owner's due bookings become lines of one settlement, whose
 * opening is the last settlement's carried balance. Idempotent per owner and period (a settlement is unique per
 * owner and period start): a second run finds it made. Returns how many settlements it made.
 */
export async function settlePeriod(deps: SettleDeps, period: { start: string; end: string }, ownerId?: string) {
  const [due, fyBefore, owedList, collectedList] = await Promise.all([
    repo.dueBookings(deps.db, period.end, cutoffOf(period.end), ownerId),
    repo.creditedInYear(deps.db, financialYearStart(period.end), period.start, ownerId),
    compensations.compensationsDue(deps.db, cutoffOf(period.end), ownerId),
    collections.collectionsDue(deps.db, period.end, cutoffOf(period.end), ownerId),
  ]);
  const owed = compensations.byOwner(owedList);
  const collected = collections.byOwner(collectedList);
  const byOwner = new Map<string, repo.DueBooking[]>();
  for (const b of due) {
    const list = byOwner.get(b.owner_id) ?? [];
    list.push(b);
    byOwner.set(b.owner_id, list);
  }
  const owners = [...byOwner].flatMap(([owner, bookings]) => {
    const lines = linesOf(bookings, period.end, deps.config.platformFeeBp, fyBefore.get(owner) ?? 0);
    return lines.length > 0 ? [{ owner, lines }] : [];
  });
  // Owners whose only business of the period is a compensation to recover (ADR 053).
  for (const owner of owed.keys()) if (!owners.some((o) => o.owner === owner)) owners.push({ owner, lines: [] });
  // And owners whose only business is money their desk took for a booking credited before (ADR 064).
  for (const owner of collected.keys()) if (!owners.some((o) => o.owner === owner)) owners.push({ owner, lines: [] });
  // Owners are settled apart (each under its own lock), a few at a time: one connection each, while the others'
  // statements wait on the network and the disk.
  let made = 0;
  let next = 0;
  const worker = async () => {
    while (next < owners.length) {
      const { owner, lines } = owners[next++]!;
      if (await settleOwner(deps, period, owner, lines, owed.get(owner) ?? [], collected.get(owner) ?? [])) made++;
    }
  };
  await Promise.all(Array.from({ length: Math.min(SETTLE_AT_ONCE, owners.length) }, worker));
  return made;
}

/** How many owners a run settles at once (connections it takes from the pool). */
const SETTLE_AT_ONCE = 4;

type DueLine = ReturnType<typeof linesOf>[number];

/**
 * One owner's settlement for a period with its lines, less the compensations its stays owe guests (its net is the
 * lines' net less those); false when it was made already.
 */
function settleOwner(
  deps: SettleDeps,
  period: { start: string; end: string },
  owner: string,
  lines: DueLine[],
  owed: compensations.DueCompensation[],
  collected: collections.DueCollection[],
) {
  return inTransaction(deps.db, async (tx) => {
    await repo.lockOwnerSettling(tx, owner);
    const last = await repo.lastSettlement(tx, owner, period.start);
    const opening = last ? Math.min(0, last.closingPaise) : 0;
    const totals = sumLines(lines.map((l) => l.line));
    // Money the desk took is the owner's already: their net is what the lines owe them less it (ADR 064).
    const net = totals.net - compensations.totalOf(owed) - collections.totalOf(collected);
    const balance = settlementBalance(opening, net);
    const settlement = await repo.insertSettlement(tx, {
      ownerId: owner,
      periodStart: period.start,
      periodEnd: period.end,
      openingPaise: opening,
      grossPaise: totals.gross,
      gstPaise: totals.gst,
      taxablePaise: totals.taxable,
      feePaise: totals.fee,
      feeGstPaise: totals.feeGst,
      tcsPaise: totals.tcs,
      tdsPaise: totals.tds,
      netPaise: net,
      closingPaise: balance.closing,
      payablePaise: balance.payable,
      lineCount: lines.length,
      pan: lines[0]?.booking.pan ?? null,
    });
    if (!settlement) return false;
    await repo.insertLines(
      tx,
      lines.map(({ line, terms, tdsSection, kind, booking }): typeof settlementLines.$inferInsert => ({
        settlementId: settlement.id,
        ownerId: owner,
        bookingId: booking.booking_id,
        stayId: booking.stay_id,
        kind,
        byPlatform: terms.byPlatform,
        supplierGstin: terms.byPlatform ? null : booking.supplier,
        feeBp: terms.feeBp,
        feeGstBp: terms.feeGstBp,
        tcsBp: terms.tcsBp,
        tdsBp: terms.tdsBp,
        tdsSection,
        grossPaise: line.gross,
        gstPaise: line.gst,
        taxablePaise: line.taxable,
        feePaise: line.fee,
        feeGstPaise: line.feeGst,
        tcsPaise: line.tcs,
        tdsPaise: line.tds,
        netPaise: line.net,
      })),
    );
    await compensations.insertDeductions(tx, settlement.id, owner, owed);
    await collections.insertCollections(tx, settlement.id, owner, collected);
    return true;
  });
}

/**
 * Settles the last period that ended before `today` (India) for every owner not settled for it yet: its settlement
 * takes in every booking due by its end and not credited before, so a run missed for weeks is caught up by the
 * next. Run again, it makes only what is missing (one settlement per owner and period). Returns the period and the
 * settlements made.
 */
export async function settleDuePeriods(deps: SettleDeps, today = todayInIndia()) {
  const period = periodOf(addDays(periodOf(today).start, -1));
  const made = await settlePeriod(deps, period);
  if (made > 0) deps.log.info({ period, settlements: made }, 'settled owners');
  return { period, made };
}

/** What an owner has been credited since their last settlement, less compensations owed, to be paid in the next (as of now). */
export async function upcoming(deps: SettleDeps, ownerId: string, today = todayInIndia()) {
  const yesterday = addDays(today, -1);
  const [due, fyBefore, owed, collected] = await Promise.all([
    repo.dueBookings(deps.db, yesterday, new Date(), ownerId),
    repo.creditedInYear(deps.db, financialYearStart(yesterday), today, ownerId),
    compensations.compensationsDue(deps.db, new Date(), ownerId),
    collections.collectionsDue(deps.db, yesterday, new Date(), ownerId),
  ]);
  const totals = sumLines(linesOf(due, yesterday, deps.config.platformFeeBp, fyBefore.get(ownerId) ?? 0).map((l) => l.line));
  return { ...totals, net: totals.net - compensations.totalOf(owed) - collections.totalOf(collected) };
}
