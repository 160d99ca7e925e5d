import { z } from 'zod';
import { Id } from './common.ts';
import { StayDto } from './stay.ts';

/** The stay a wishlist change is about: `/api/me/wishlist/:stayId`. */
export const WishlistParams = z.object({ stayId: Id });
export type WishlistParams = z.infer<typeof WishlistParams>;

/** The guest's saved live stays, newest first, as stay cards. */
export const WishlistDto = z.object({ stays: z.array(StayDto) });
export type WishlistDto = z.infer<typeof WishlistDto>;

/** Only the ids of the saved live stays, newest first (enough to draw the hearts). */
export const WishlistIds = z.object({ stayIds: z.array(Id) });
export type WishlistIds = z.infer<typeof WishlistIds>;

/** The answer to saving or removing a stay: whether it is saved now. */
export const WishlistChange = z.object({ stayId: Id, saved: z.boolean() });
export type WishlistChange = z.infer<typeof WishlistChange>;
