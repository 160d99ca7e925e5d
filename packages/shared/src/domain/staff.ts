/**
 * Staff of a stay owner (ADR 066): people the owner invites to some of their stays with a role. What each role may
 * do is a list of capabilities; the API checks them per request (lib/admin-scope.ts, canOnStay) and the admin area
 * hides what a role may not use.
 */
export const STAFF_ROLES = ['manager', 'frontDesk'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_NAMES: Record<StaffRole, string> = { manager: 'Manager', frontDesk: 'Front desk' };

/**
 * Everything the admin area lets someone do on a stay. The owner may do all of them; staff only their role's. Payout
 * details, fees, statements, settlements, creating or deleting stays and managing staff are the owner's alone and
 * have no capability here.
 */
export const CAPABILITIES = [
  /** See the stay, its rooms and its room types. */
  'stays.view',
  /** Change the stay, its rooms, prices and calendars shared with other sites. */
  'stays.edit',
  /** The occupancy calendar with today's arrivals and departures. */
  'calendar.view',
  /** Take rooms out of sale and give them back (maintenance, out of order). */
  'calendar.block',
  /** The bookings of the stay with their guests (without amounts unless 'money.view'). */
  'bookings.view',
  /** Cancel a booking (which refunds the guest). */
  'bookings.cancel',
  /** Bookings taken at the desk, check-in and check-out, Form C. */
  'desk.work',
  /** Rooms' housekeeping states. */
  'housekeeping',
  /** Amounts: what a booking cost, paid and refunded; occupancy and revenue figures; tax documents. */
  'money.view',
  /** The guests' data as files (the reservations CSV). */
  'guests.export',
  /** Reviews and their replies. */
  'reviews.manage',
  /** Complaints about the stay. */
  'grievances.manage',
] as const;
export type Capability = (typeof CAPABILITIES)[number];

export const ROLE_CAPABILITIES: Record<StaffRole, readonly Capability[]> = {
  manager: CAPABILITIES,
  frontDesk: ['stays.view', 'calendar.view', 'calendar.block', 'bookings.view', 'desk.work', 'housekeeping'],
};

export const roleMay = (role: StaffRole, capability: Capability) => ROLE_CAPABILITIES[role].includes(capability);

/** Who a staff member works for and where, as the API finds it on each request. */
export type StaffScope = { memberId: string; ownerId: string; role: StaffRole; stayIds: readonly string[] };

/** How long an invitation's link works. */
export const STAFF_INVITE_HOURS = 72;
