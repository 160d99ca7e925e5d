import { LIMITS } from '@repo/shared/constants/domain';
import type { StayDto } from '@repo/shared/schemas/stay';
import type { WishlistChange } from '@repo/shared/schemas/wishlist';
import { inTransaction, pgError } from '#src/db/client.ts';
import { toStayDto } from '#src/features/stays/index.ts';
import { conflict, notFound } from '#src/lib/errors.ts';
import type { Deps } from '#src/platform/deps.ts';
import { WISHLIST_MSG } from './messages.ts';
import * as repo from './wishlist.repository.ts';

/** What the wishlist feature uses. */
export type WishlistDeps = Pick<Deps, 'db'>;

const MAX = LIMITS.maxSavedStays;

/** The guest's saved live stays, newest first. Archived stays stay saved but are not shown. */
export async function listSaved({ db }: WishlistDeps, userId: string): Promise<StayDto[]> {
  const rows = await repo.savedStays(db, userId, MAX);
  return rows.map((r) => toStayDto(r.stay, r.roomPrice));
}

export const listSavedIds = ({ db }: WishlistDeps, userId: string) => repo.savedStayIds(db, userId, MAX);

/**
 * Saves a live stay for the guest (idempotent). 404 for an unknown or archived stay, 409 when the list is full. The
 * count and the insert run under a lock on the guest's list (in one transaction), so saves sent at once, to any
 * number of processes, are counted one after another and the list never passes its cap.
 */
export async function saveStay({ db }: WishlistDeps, userId: string, stayId: string): Promise<WishlistChange> {
  if (!(await repo.isLiveStay(db, stayId))) throw notFound(WISHLIST_MSG.stayNotFound);
  if (await repo.isSaved(db, userId, stayId)) return { stayId, saved: true };
  try {
    await inTransaction(db, async (tx) => {
      await repo.lockListOf(tx, userId);
      if (await repo.isSaved(tx, userId, stayId)) return;
      if ((await repo.savedCount(tx, userId)) >= MAX) throw conflict(WISHLIST_MSG.full(MAX), 'WISHLIST_FULL');
      await repo.insertItem(tx, userId, stayId);
    });
  } catch (err) {
    // The stay was deleted between the check and the insert.
    if (pgError(err)?.code === '23503') throw notFound(WISHLIST_MSG.stayNotFound);
    throw err;
  }
  return { stayId, saved: true };
}

/** Removes a stay from the guest's list (idempotent: an unknown or unsaved stay is simply not saved). */
export async function removeStay({ db }: WishlistDeps, userId: string, stayId: string): Promise<WishlistChange> {
  await repo.deleteItem(db, userId, stayId);
  return { stayId, saved: false };
}
