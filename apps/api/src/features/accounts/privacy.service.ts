import { randomBytes } from 'node:crypto';
import type { Deps } from '#src/platform/deps.ts';
import { todayInIndia } from '@repo/shared/domain/dates';
import { ticketNumber } from '@repo/shared/domain/grievances';
import { sumLines } from '@repo/shared/domain/marketplace';
import { API_MSG, FORMER_GUEST } from '@repo/shared/constants/messages';
import type { AccountDeletionDto, MyDataExport, OwnerDataExport } from '@repo/shared/schemas/privacy';
import { hashPassword, lockAdminSet, lockLiveUser, verifyPassword } from '#src/features/auth/index.ts';
import { conflict, fieldError, notFound } from '#src/lib/errors.ts';
import { findActiveUser, type UserRow } from './accounts.repository.ts';
import * as repo from './privacy.repository.ts';
import { guestIdsHeldAbout, openBookingCount } from '#src/features/bookings/index.ts';
import { figuresOf } from '#src/features/payouts/index.ts';
import { guestReports } from '#src/features/form-c/index.ts';
import { inTransaction, type Queryable } from '#src/db/client.ts';

/** What this feature uses. */
export type PrivacyDeps = Pick<Deps, 'db' | 'clock' | 'config'>;
/** An owner's copy also says the fee in force on a stay without its own (the platform's default). */
type OwnerDataDeps = PrivacyDeps & Pick<Deps, 'config'>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The account as both copies give it. */
const accountOf = (user: NonNullable<Awaited<ReturnType<typeof findActiveUser>>>) => ({
  id: user.id,
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  mobile: user.mobile,
  isAdmin: user.isAdmin,
  createdAt: user.createdAt.toISOString(),
  updatedAt: user.updatedAt.toISOString(),
});

/**
 * Everything the site holds about the signed-in person (DPDP Act 2023 s.11; ADR 023, ADR 051): profile with the
 * billing address on record, bookings with the billing details and hold address each was sold with, their rooms,
 * payments, refunds and invoice numbers, complaints with every answer, reviews with the stay's reply, wishlist,
 * subscriptions of their email, sessions, the links mailed to them, and the Form Cs stays made of them (masked).
 */
export async function exportMyData({ db, clock, config }: PrivacyDeps, userId: string): Promise<MyDataExport> {
  const user = await findActiveUser(db, userId);
  if (!user) throw notFound();
  const [b, complained, written, saved, subscribed, signIns, links, foreignGuestReports, idsHeld] = await Promise.all([
    repo.bookingsOf(db, userId),
    repo.complaintsOf(db, userId),
    repo.reviewsOf(db, userId),
    repo.wishlistOf(db, userId),
    repo.subscriptionsOf(db, user.email),
    repo.sessionsOf(db, userId),
    repo.mailedLinksOf(db, userId),
    guestReports({ db, clock }, userId),
    guestIdsHeldAbout({ db, config }, userId),
  ]);
  return {
    exportedAt: clock.now().toISOString(),
    profile: {
      ...accountOf(user),
      billingAddress: user.billingAddress,
      billingPin: user.billingPin,
      billingState: user.billingState,
      emailConfirmedAt: iso(user.emailConfirmedAt),
    },
    bookings: b.rows.map((booking) => ({
      id: booking.id,
      orderId: booking.providerOrderId,
      stayId: booking.stayId,
      hotelName: booking.hotelName,
      checkIn: booking.checkIn,
      checkOut: booking.checkOut,
      nights: booking.nights,
      adults: booking.adults,
      children: booking.children,
      status: booking.status,
      amountPaise: booking.amountPaise,
      currency: booking.currency,
      guestGstin: booking.guestGstin,
      guestCompany: booking.guestCompany,
      guestAddress: booking.guestAddress,
      guestPin: booking.guestPin,
      guestState: booking.guestState,
      holdAddress: booking.holdIp,
      createdAt: booking.createdAt.toISOString(),
      cancelledAt: iso(booking.cancelledAt),
      cancelledBy: booking.cancelledBy,
      arrival: booking.arrival ?? null,
      idShownAtCheckIn: idsHeld.get(booking.id) ?? null,
      unpaidAttempt: booking.failure,
      rooms: b.rooms
        .filter((r) => r.bookingId === booking.id)
        .map((r) => ({ number: r.number, title: r.title, pricePerNight: r.pricePerNight })),
      payments: b.paid
        .filter((p) => p.bookingId === booking.id)
        .map((p) => ({
          provider: p.provider,
          providerOrderId: p.providerOrderId,
          providerPaymentId: p.providerPaymentId,
          method: p.method,
          amountPaise: p.amountPaise,
          currency: p.currency,
          createdAt: p.createdAt.toISOString(),
        })),
      refunds: b.refunded
        .filter((r) => r.bookingId === booking.id)
        .map((r) => ({
          amountPaise: r.amountPaise,
          reason: r.reason,
          status: r.status,
          createdAt: r.createdAt.toISOString(),
          settledAt: iso(r.settledAt),
        })),
      invoices: b.issued
        .filter((i) => i.bookingId === booking.id)
        .map((i) => ({ kind: i.kind, number: i.number, totalPaise: i.totalPaise, issuedAt: i.issuedAt.toISOString() })),
    })),
    complaints: complained.rows.map((g) => ({
      ticket: ticketNumber(g.serial),
      bookingId: g.bookingId,
      stayId: g.stayId,
      category: g.category,
      description: g.description,
      status: g.status,
      createdAt: g.createdAt.toISOString(),
      acknowledgedAt: iso(g.acknowledgedAt),
      closedAt: iso(g.closedAt),
      closedBy: g.closedBy,
      messages: complained.messages
        .filter((m) => m.grievanceId === g.id)
        .map((m) => ({ author: m.author, body: m.body, createdAt: m.createdAt.toISOString() })),
    })),
    reviews: written.map((r) => ({
      id: r.id,
      stayId: r.stayId,
      bookingId: r.bookingId,
      rating: r.rating,
      body: r.body,
      reply: r.reply,
      repliedAt: iso(r.repliedAt),
      createdAt: r.createdAt.toISOString(),
      updatedAt: iso(r.updatedAt),
    })),
    wishlist: saved.map((w) => ({ stayId: w.stayId, stayName: w.stayName, savedAt: w.savedAt.toISOString() })),
    subscriptions: subscribed.map((s) => ({ email: s.email, since: s.createdAt.toISOString() })),
    sessions: signIns.map((s) => ({
      area: s.audience,
      createdAt: s.createdAt.toISOString(),
      expiresAt: s.expiresAt.toISOString(),
      endedAt: iso(s.revokedAt),
    })),
    mailedLinks: links.map((l) => ({
      purpose: l.purpose,
      createdAt: l.createdAt.toISOString(),
      expiresAt: l.expiresAt.toISOString(),
      usedAt: iso(l.usedAt),
    })),
    foreignGuestReports,
  };
}

/**
 * Everything held about the signed-in admin as a stay owner (DPDP Act 2023 s.11; ADR 023): the account, payout
 * details as stored (the PAN; a bank account's IFSC and last four digits, a UPI id), the stays they own with their GST
 * registration and fee, their settlements with each payout, and the platform's fee invoices to them. Only their own.
 */
export async function exportOwnerData({ db, clock, config }: OwnerDataDeps, userId: string): Promise<OwnerDataExport> {
  const user = await findActiveUser(db, userId);
  if (!user) throw notFound();
  const held = await repo.ownerRecordsOf(db, userId);
  const inUse = held.accounts.at(-1)?.id;
  const settlementsOut = held.settlements.map((s) => {
    const made = held.payouts.filter((p) => p.settlementId === s.id);
    return {
      id: s.id,
      periodStart: s.periodStart,
      periodEnd: s.periodEnd,
      opening: s.openingPaise,
      totals: figuresOf(s),
      closing: s.closingPaise,
      payable: s.payablePaise,
      lineCount: s.lineCount,
      createdAt: s.createdAt.toISOString(),
      payouts: made.map((p) => ({
        id: p.id,
        accountId: p.accountId,
        amount: p.amountPaise,
        attempt: p.attempt,
        status: p.status,
        failureReason: p.failureReason,
        utr: p.utr,
        createdAt: p.createdAt.toISOString(),
        settledAt: iso(p.settledAt),
      })),
    };
  });
  return {
    exportedAt: clock.now().toISOString(),
    account: {
      ...accountOf(user),
      isPlatform: user.isPlatform,
      billingAddress: user.billingAddress,
      billingPin: user.billingPin,
      billingState: user.billingState,
    },
    payoutProfile: held.profile
      ? {
          legalName: held.profile.legalName,
          pan: held.profile.pan,
          stateCode: held.profile.stateCode,
          updatedAt: held.profile.updatedAt.toISOString(),
        }
      : null,
    payoutAccounts: held.accounts.map((a) => ({
      id: a.id,
      method: a.method,
      ifsc: a.ifsc,
      accountLast4: a.accountLast4,
      holder: a.holder,
      upiId: a.upiId,
      linkedAccountId: a.linkedAccountId,
      addedAt: a.createdAt.toISOString(),
      inUse: a.id === inUse,
    })),
    stays: held.stays.map((s) => ({
      id: s.id,
      name: s.name,
      type: s.type,
      address: s.address,
      city: s.city,
      stateCode: s.stateCode,
      legalName: s.legalName,
      gstin: s.gstin,
      feeBp: s.feeBp ?? config.platformFeeBp,
      createdAt: s.createdAt.toISOString(),
      archivedAt: iso(s.archivedAt),
    })),
    settlements: settlementsOut,
    settlementTotals: {
      ...sumLines(settlementsOut.map((s) => s.totals)),
      paidOut: held.payouts.reduce((sum, p) => sum + (p.status === 'processed' ? p.amountPaise : 0), 0),
    },
    feeInvoices: held.feeInvoices.map((f) => ({
      number: f.number,
      kind: f.kind,
      month: f.month,
      recipientGstin: f.recipientGstin === '' ? null : f.recipientGstin,
      taxable: f.taxablePaise,
      gst: f.gstPaise,
      issuedAt: f.issuedAt.toISOString(),
    })),
  };
}

/** What stops an account being deleted now (DELETE would answer it as a 409), or null when nothing does. */
async function deletionBlock(db: Queryable, user: UserRow, today: string) {
  if (user.isAdmin || user.adminRequestedAt || (await repo.ownsStays(db, user.id)))
    return conflict(API_MSG.adminAccountNotDeletable, 'ADMIN_ACCOUNT');
  if (await repo.isStaffNow(db, user.id)) return conflict(API_MSG.staffAccountNotDeletable, 'STAFF_ACCOUNT');
  const upcoming = await openBookingCount(db, { userId: user.id }, today);
  if (upcoming > 0) return conflict(API_MSG.accountHasUpcomingBookings(upcoming), 'HAS_UPCOMING_BOOKINGS');
  return null;
}

/** Whether the account could be deleted now, and why not: said before the password is asked for. */
export async function accountDeletion(deps: PrivacyDeps, userId: string): Promise<AccountDeletionDto> {
  const user = await findActiveUser(deps.db, userId);
  if (!user) throw notFound();
  const block = await deletionBlock(deps.db, user, todayInIndia(deps.clock.now()));
  return { allowed: block === null, reason: block?.message ?? null };
}

/**
 * The person deletes their own account (DPDP Act 2023 s.12; ADR 023), after entering their password again.
 * Refused (409) while they have a confirmed booking not over yet or a running payment hold, and for an admin or a
 * stay's owner (the platform handles those). Their wishlist, subscription and reset links go; every session ends.
 * With no booking the account row goes too. With bookings (tax and payment records the law keeps) the row stays,
 * archived, without their email, mobile or password and named as a former guest; bookings keep the billing details
 * printed on issued invoices and lose them where none was issued, and every booking loses its hold's address (ADR
 * 051). The email can register again at once.
 */
export async function deleteMyAccount(deps: PrivacyDeps, userId: string, password: string): Promise<void> {
  const { db, clock } = deps;
  const user = await findActiveUser(db, userId);
  if (!user) throw notFound();
  if (!(await verifyPassword(user.passwordHash, password))) throw fieldError('password', API_MSG.wrongPassword);
  const unusable = await hashPassword(randomBytes(32).toString('base64url'));
  const today = todayInIndia(clock.now());
  await inTransaction(db, async (tx) => {
    // The lock every change to the admins takes: an admin flag granted meanwhile is seen here.
    await lockAdminSet(tx);
    const row = await lockLiveUser(tx, userId);
    if (!row) throw notFound();
    const block = await deletionBlock(tx, row, today);
    if (block) throw block;
    await repo.deletePersonalExtras(tx, userId, row.email);
    if (!(await repo.hasBookings(tx, userId)) && !(await repo.wasStaff(tx, userId))) {
      await repo.deleteUserRow(tx, userId);
      return;
    }
    const now = clock.now();
    await repo.clearUninvoicedBillingDetails(tx, userId);
    await repo.revokeSessions(tx, userId, now);
    await repo.eraseUserRow(
      tx,
      userId,
      {
        firstName: FORMER_GUEST,
        lastName: '',
        // Unique like every email, and never one that can receive mail or sign in (.invalid, RFC 2606).
        email: `erased-${userId}@erased.invalid`,
        mobile: '',
        passwordHash: unusable,
      },
      now,
    );
  });
}
