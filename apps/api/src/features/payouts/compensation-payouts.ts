import { formatPaise } from '@repo/shared/domain/money';
import { and, eq, isNull } from 'drizzle-orm';
import type { Queryable } from '#src/db/client.ts';
import { bookings, cancellationCompensations, compensationPayouts, users } from '#src/db/schema/index.ts';
import type { Emit } from '#src/platform/events.ts';
import type { Deps } from '#src/platform/deps.ts';
import type { GatewayPayoutLink } from '#src/platform/payouts/gateway.ts';
import { conflict } from '#src/lib/errors.ts';
import { PAYOUTS_COPY as C } from './copy.ts';
import { CompensationUnclaimedAlert } from './events.ts';

/**
 * A guest's compensation payout link (made by the bookings feature, ADR 053) ends, once: an issued link becomes
 * processed, cancelled, expired or rejected, as the gateway's signed webhook says. One that ends unpaid is told to
 * the platform's admins, who pay it another way. An end of a link not recorded yet (its webhook came before the
 * transaction that made it committed) is refused, so the gateway sends it again, instead of being taken for a repeat.
 */
export async function settleCompensationPayout(
  q: Queryable,
  emit: Emit,
  providerLinkId: string,
  status: Exclude<GatewayPayoutLink['status'], 'issued'>,
): Promise<'applied' | 'duplicate'> {
  const [row] = await q
    .update(compensationPayouts)
    .set({ status, settledAt: new Date() })
    .where(and(eq(compensationPayouts.providerLinkId, providerLinkId), eq(compensationPayouts.status, 'issued')))
    .returning({ compensationId: compensationPayouts.compensationId });
  if (!row) {
    const [known] = await q
      .select({ id: compensationPayouts.compensationId })
      .from(compensationPayouts)
      .where(eq(compensationPayouts.providerLinkId, providerLinkId));
    if (!known) throw conflict(C.linkUnknown, 'LINK_UNKNOWN');
    return 'duplicate';
  }
  if (status !== 'processed') await emit(CompensationUnclaimedAlert, { compensationId: row.compensationId });
  return 'applied';
}

/** The alert of a compensation whose link ended unpaid, to each of the platform's admins (an outbox handler). */
export async function mailCompensationUnclaimed(deps: Pick<Deps, 'db' | 'mail'>, compensationId: string, messageId?: string) {
  const [row] = await deps.db
    .select({
      c: cancellationCompensations,
      link: compensationPayouts,
      hotelName: bookings.hotelName,
      guestName: users.firstName,
      guestEmail: users.email,
    })
    .from(cancellationCompensations)
    .innerJoin(compensationPayouts, eq(compensationPayouts.compensationId, cancellationCompensations.id))
    .innerJoin(bookings, eq(bookings.id, cancellationCompensations.bookingId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(eq(cancellationCompensations.id, compensationId));
  if (!row || row.link.status === 'issued' || row.link.status === 'processed') return;
  const admins = await deps.db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.isPlatform, true), isNull(users.archivedAt)));
  const text = C.compensationUnclaimed({
    amount: formatPaise(row.c.amountPaise),
    stay: row.hotelName,
    guest: `${row.guestName} <${row.guestEmail}>`,
    bookingId: row.c.bookingId,
    link: row.link.providerLinkId,
    status: row.link.status,
  });
  for (const [i, admin] of admins.entries())
    await deps.mail.send({
      messageId: messageId && admins.length > 1 ? messageId.replace('@', `.${i}@`) : messageId,
      to: admin.email,
      subject: C.compensationUnclaimedSubject(row.hotelName),
      text,
    });
}
