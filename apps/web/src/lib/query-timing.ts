/** The admin lists (users, stays of a type, rooms of a stay) refresh on their own every 10 s. */
export const ADMIN_LIST_REFRESH_MS = 10_000;
