import { maskIdNumber } from '@repo/shared/schemas/desk';
import type { BookingsDeps } from './deps.ts';
import { guestIdsOfUser } from './desk.repository.ts';
import { openIdNumber } from './guest-ids.ts';

/**
 * What the stays hold of the IDs a guest showed at check-in, for their own data export (DPDP Act 2023 s.11; ADR 064):
 * per booking, the type and the number masked (never whole), when recorded and when erased.
 */
export async function guestIdsHeldAbout(deps: Pick<BookingsDeps, 'db' | 'config'>, userId: string) {
  const rows = await guestIdsOfUser(deps.db, userId);
  return new Map(
    rows.map((r) => [
      r.bookingId,
      {
        type: r.idType,
        masked: r.sealed ? maskIdNumber(r.idType, openIdNumber(deps.config.personalDataKey, r.bookingId, r.sealed)) : null,
        recordedAt: r.recordedAt.toISOString(),
        eraseAfter: r.eraseAfter?.toISOString() ?? null,
        erasedAt: r.erasedAt?.toISOString() ?? null,
      },
    ]),
  );
}
