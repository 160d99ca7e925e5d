/** Server messages of the wishlist feature (the spec has none for it). */
export const WISHLIST_MSG = {
  stayNotFound: 'This stay does not exist',
  full: (max: number) => `You can keep at most ${max} saved stays. Remove one from Saved first`,
} as const;
