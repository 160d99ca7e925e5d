import { todayInIndia } from '@repo/shared/domain/dates';
import { gstRecordsKeptUntil } from '@repo/shared/domain/gst';
import { RETENTION } from '@repo/shared/domain/retention';
import type { Deps } from '#src/platform/deps.ts';
import { eraseExpiredReports } from '#src/features/form-c/index.ts';
import * as repo from './retention.repository.ts';

/** What this work uses: the database and the time (tests set it). */
type RetentionDeps = Pick<Deps, 'db' | 'clock'>;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Carries out the periods the privacy notice promises (DPDP Act 2023 s.8(7); ADR 051), on what no other work removes:
 * - the address a payment hold came from, 30 days after the booking was made (RETENTION.holdAddressDays);
 * - the words of a complaint, three years after it was closed (RETENTION.closedComplaintYears);
 * - on the bookings of an erased account, the billing details and hold address once the booking's records are past
 *   the CGST Act s.36 period: the last day of the financial year of its latest record (check-out, tax document,
 *   payment or refund), kept until 72 months after that year's annual return is due (gstRecordsKeptUntil);
 * - a foreign guest's Form C details and name, a year after their departure (RETENTION.foreignGuestReportYears).
 * Tax documents, payments and refunds are never changed: they are append-only records the database guards (ADR 051
 * says why they stay as issued). Ended sessions, spent links and sent mails have their own pruning (auth, outbox).
 * Idempotent, so every API process may run it.
 */
export async function carryOutRetention({ db, clock }: RetentionDeps) {
  const now = clock.now();
  const holdAddresses = await repo.clearHoldAddresses(db, new Date(now.getTime() - RETENTION.holdAddressDays * DAY_MS));
  const closedBefore = new Date(now);
  closedBefore.setUTCFullYear(closedBefore.getUTCFullYear() - RETENTION.closedComplaintYears);
  const complaints = await repo.removeComplaintWords(db, closedBefore);

  const today = todayInIndia(now);
  const dayOf = (at: Date | null) => (at ? todayInIndia(at) : '');
  const past = (await repo.erasedGuestsBookings(db)).filter((b) => {
    const lastRecord = [b.checkOut, dayOf(b.createdAt), dayOf(b.lastDocument), dayOf(b.lastPayment), dayOf(b.lastRefund)]
      .sort()
      .at(-1) as string;
    return gstRecordsKeptUntil(lastRecord) < today;
  });
  const erasedBookings = await repo.clearBookingDetails(
    db,
    past.map((b) => b.id),
  );
  const foreignGuestReports = await eraseExpiredReports({ db, clock });
  return { holdAddresses, complaints, erasedBookings, foreignGuestReports };
}
