import type { SearchQuery } from '@repo/shared/schemas/search';
import type { Area } from './token-storage';

const me = ['me'] as const;
const stays = ['stays'] as const;
const roomTypes = ['room-types'] as const;
const myBookings = ['my-bookings'] as const;
const wishlist = ['wishlist'] as const;
const reviews = ['reviews'] as const;
const adminStays = ['admin', 'stays'] as const;
const adminRooms = ['admin', 'rooms'] as const;
const adminUsers = ['admin', 'users'] as const;
const adminMe = ['admin', 'me'] as const;
const adminOwner = ['admin', 'owner'] as const;
const grievances = ['grievances'] as const;
const adminGrievances = ['admin', 'grievances'] as const;
const adminStaff = ['admin', 'staff'] as const;

/**
 * Every query key of the app. Queries and the invalidations that refresh them take their keys from here, so they
 * always name the same data: a group's `all` is the prefix of each of its keys, and invalidating `all` refreshes
 * every query of the group.
 */
export const queryKeys = {
  me: {
    all: me,
    /** One sign-in's user: another sign-in never sees it. */
    session: (session: string) => [...me, session] as const,
    /** Whether the account can be deleted now (GET /api/me/deletion). */
    deletion: () => [...me, 'deletion'] as const,
  },
  verifyReset: (area: Area, userId: string, token: string) => ['verify-reset', area, userId, token] as const,
  confirmEmail: (userId: string, token: string) => ['confirm-email', userId, token] as const,
  stays: {
    all: stays,
    search: (query: SearchQuery) => [...stays, 'search', query] as const,
    detail: (id: string) => [...stays, 'detail', id] as const,
    featured: () => [...stays, 'featured'] as const,
    countByCity: (cities: readonly string[]) => [...stays, 'count-by-city', ...cities] as const,
    countByType: (types: readonly string[]) => [...stays, 'count-by-type', ...types] as const,
  },
  roomTypes: {
    all: roomTypes,
    forDates: (stayId: string, checkIn: string, checkOut: string, party = '') =>
      [...roomTypes, stayId, checkIn, checkOut, party] as const,
  },
  myBookings: {
    all: myBookings,
  },
  /** The sandbox checkout's view of an order's latest payment (polled while a UPI payment is pending). */
  sandboxPayment: {
    order: (orderId: string) => ['sandbox-payment', orderId] as const,
  },
  wishlist: {
    all: wishlist,
    /** The saved stays as cards (the Saved page). */
    stays: () => [...wishlist, 'stays'] as const,
    /** Only the saved stays' ids (the hearts). */
    ids: () => [...wishlist, 'ids'] as const,
  },
  reviews: {
    all: reviews,
    ofStay: (stayId: string, page: number) => [...reviews, 'stay', stayId, page] as const,
    ownedStay: (stayId: string, page: number) => [...reviews, 'admin', stayId, page] as const,
  },
  /** An invitation link's page (staff, ADR 066). */
  staffInvite: (id: string, token: string) => ['staff-invite', id, token] as const,
  /** What every page may show: the grievance officer. */
  site: ['site'] as const,
  /** The signed-in guest's complaints. */
  grievances: { all: grievances },
  admin: {
    /** Complaints about the admin's stays (every one for the platform). */
    grievances: {
      all: adminGrievances,
      list: () => [...adminGrievances, 'list'] as const,
      detail: (id: string) => [...adminGrievances, 'detail', id] as const,
    },
    paymentMismatches: ['admin', 'payment-mismatches'] as const,
    stays: {
      all: adminStays,
      list: (type: string) => [...adminStays, 'list', type] as const,
      types: () => [...adminStays, 'types'] as const,
      detail: (id: string) => [...adminStays, 'detail', id] as const,
    },
    rooms: {
      all: adminRooms,
      ofStay: (stayId: string) => [...adminRooms, stayId] as const,
      rates: (roomTypeId: string) => [...adminRooms, 'rates', roomTypeId] as const,
      plans: (roomTypeId: string) => [...adminRooms, 'plans', roomTypeId] as const,
      earningTerms: (stayId: string) => [...adminRooms, 'earning-terms', stayId] as const,
    },
    /** The owner's reservations, occupancy calendars and figures: a block or unblock refreshes them all. */
    owner: {
      all: adminOwner,
      reservations: (query: object) => [...adminOwner, 'reservations', query] as const,
      reservation: (id: string) => [...adminOwner, 'reservation', id] as const,
      documents: (query: object) => [...adminOwner, 'documents', query] as const,
      occupancy: (stayId: string, month: string) => [...adminOwner, 'occupancy', stayId, month] as const,
      figures: (stayId: string) => [...adminOwner, 'figures', stayId] as const,
      month: (query: object) => [...adminOwner, 'figures', 'month', query] as const,
    },
    /** A stay's front desk: its day and its rooms' housekeeping (ADR 064). */
    desk: {
      all: ['admin', 'desk'] as const,
      day: (stayId: string) => ['admin', 'desk', 'day', stayId] as const,
      today: () => ['admin', 'desk', 'today'] as const,
      housekeeping: (stayId: string) => ['admin', 'desk', 'housekeeping', stayId] as const,
    },
    /** A room's calendars shared with other sites, and the conflicts they found. */
    channels: {
      all: ['admin', 'channels'] as const,
      room: (roomNumberId: string) => ['admin', 'channels', 'room', roomNumberId] as const,
      conflicts: (stayId?: string) => ['admin', 'channels', 'conflicts', stayId ?? 'all'] as const,
    },
    /** The owner's staff and what they did (ADR 066). */
    staff: {
      all: adminStaff,
      list: () => [...adminStaff, 'list'] as const,
      actions: () => [...adminStaff, 'actions'] as const,
      ofBooking: (bookingId: string) => [...adminStaff, 'booking', bookingId] as const,
    },
    /** The signed-in admin (with isPlatform), per sign-in. */
    me: {
      all: adminMe,
      session: (session: string) => [...adminMe, session] as const,
    },
    users: {
      all: adminUsers,
      list: () => [...adminUsers, 'list'] as const,
      detail: (id: string) => [...adminUsers, 'detail', id] as const,
    },
  },
} as const;
