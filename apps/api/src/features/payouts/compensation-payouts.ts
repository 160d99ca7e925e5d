import { formatPaise } from '@repo/shared/domain/money';
import type { Queryable } from '#src/db/client.ts';
import type { Emit } from '#src/platform/events.ts';
import type { Deps } from '#src/platform/deps.ts';
import type { GatewayPayoutLink } from '#src/platform/payouts/gateway.ts';
import { conflict } from '#src/lib/errors.ts';
import * as repo from './compensations.repository.ts';
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
  const row = await repo.endLink(q, providerLinkId, status);
  if (!row) {
    if (!(await repo.linkKnown(q, providerLinkId))) throw conflict(C.linkUnknown, 'LINK_UNKNOWN');
    return 'duplicate';
  }
  if (status !== 'processed') await emit(CompensationUnclaimedAlert, { compensationId: row.compensationId });
  return 'applied';
}

/** The alert of a compensation whose link ended unpaid, to each of the platform's admins (an outbox handler). */
export async function mailCompensationUnclaimed(deps: Pick<Deps, 'db' | 'mail'>, compensationId: string, messageId?: string) {
  const row = await repo.unclaimedOf(deps.db, compensationId);
  if (!row || row.link.status === 'issued' || row.link.status === 'processed') return;
  const admins = await repo.platformAdmins(deps.db);
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
