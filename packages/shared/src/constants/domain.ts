/** Fixed lists and limits of the product: stay types, amenities, experiences, cities, statuses, limits. */
export const STAY_TYPES = ['Hotel', 'Villa', 'Resort', 'Cottage', 'Cabin'] as const;
export type StayType = (typeof STAY_TYPES)[number];

export const AMENITIES = ['Free Wifi', 'Breakfast', 'Cab service', 'Spa', 'Gym', 'Parking'] as const;
export type Amenity = (typeof AMENITIES)[number];

export const EXPERIENCES = ['Poor', 'Average', 'Good', 'Satisfactory', 'Excellent'] as const;
export type Experience = (typeof EXPERIENCES)[number];

/** Home page city cards, in the spec's order; `query` is what the count and search use. */
export const CITY_CARDS = [
  { name: 'Bengaluru', query: 'bengaluru' },
  { name: 'Chennai', query: 'chennai' },
  { name: 'Hyderabad', query: 'hyderabad' },
  { name: 'Vizag', query: 'vizag' },
] as const;

/** Other spellings a guest may type, mapped to the city name stays are stored under. */
export const CITY_ALIASES: Readonly<Record<string, string>> = {
  bangalore: 'bengaluru',
  bengalooru: 'bengaluru',
  madras: 'chennai',
  visakhapatnam: 'vizag',
  vishakhapatnam: 'vizag',
  vizagapatam: 'vizag',
  bombay: 'mumbai',
  calcutta: 'kolkata',
  gurgaon: 'gurugram',
  trivandrum: 'thiruvananthapuram',
  cochin: 'kochi',
  mysore: 'mysuru',
  pondicherry: 'puducherry',
  ooty: 'ooty',
};

export const BOOKING_STATUSES = ['pending_payment', 'confirmed', 'payment_failed', 'expired', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** Who takes payments: Razorpay, or the offline sandbox that keeps its contract. */
export const PAYMENT_PROVIDERS = ['sandbox', 'razorpay'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** How a guest pays at checkout. */
export const PAYMENT_METHODS = ['card', 'upi', 'netbanking'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** How money is taken at the stay's desk (ADR 064): cash, UPI at the desk, a card on the desk's terminal. */
export const DESK_PAYMENT_METHODS = ['cash', 'upi_desk', 'card_desk'] as const;
export type DeskPaymentMethod = (typeof DESK_PAYMENT_METHODS)[number];
/** Every way a payment in the ledger was made: at checkout online, or at the desk. */
export const LEDGER_PAYMENT_METHODS = [...PAYMENT_METHODS, ...DESK_PAYMENT_METHODS] as const;
/** Who recorded a payment in the ledger: a gateway, or the stay's desk (money already in the owner's hands). */
export const LEDGER_PAYMENT_PROVIDERS = [...PAYMENT_PROVIDERS, 'desk'] as const;

/** Where a booking was made: online by its guest, or at the stay's desk for a guest who called or walked in. */
export const BOOKING_SOURCES = ['online', 'desk'] as const;
export type BookingSource = (typeof BOOKING_SOURCES)[number];

/** What happened at the stay to a confirmed booking: null until the guest arrives (ADR 064). */
export const ARRIVAL_STATES = ['checked_in', 'checked_out', 'no_show'] as const;
export type ArrivalState = (typeof ARRIVAL_STATES)[number];

/** The IDs a desk records at check-in (ADR 064). */
export const GUEST_ID_TYPES = ['aadhaar', 'passport', 'driving_licence', 'voter_id'] as const;
export type GuestIdType = (typeof GUEST_ID_TYPES)[number];

/** A room's housekeeping state (ADR 064): out of order also blocks the room's nights like an owner's block. */
export const HOUSEKEEPING_STATES = ['clean', 'dirty', 'inspected', 'out_of_order'] as const;
export type HousekeepingState = (typeof HOUSEKEEPING_STATES)[number];

/**
 * How a UPI payment is asked for (Razorpay's checkout flows): `intent` opens the guest's UPI app with a
 * `upi://pay?…` link, `qr` shows the same link as a QR code to scan, `collect` sends a request to a UPI id the guest
 * types — deprecated by NPCI from 28/02/2026, offered only where the gateway still accepts it (ADR 052).
 */
export const UPI_FLOWS = ['intent', 'qr', 'collect'] as const;
export type UpiFlow = (typeof UPI_FLOWS)[number];

/** Why a payment is refunded, and the gateway's states of a refund. */
export const REFUND_REASONS = ['cancelled', 'duplicate_payment', 'unbookable', 'mismatch'] as const;
/** What of a captured payment did not match its booking's order: it is refunded, never applied (ADR 024). */
export const PAYMENT_MISMATCHES = ['order', 'amount', 'currency'] as const;
export type PaymentMismatch = (typeof PAYMENT_MISMATCHES)[number];
export const REFUND_STATUSES = ['pending', 'processed', 'failed'] as const;

export const AUDIENCES = ['guest', 'admin'] as const;
export type Audience = (typeof AUDIENCES)[number];

export const LIMITS = {
  nameMin: 3,
  nameMax: 20,
  passwordMin: 8,
  passwordMax: 15,
  mobileDigits: 10,
  maxNights: 30,
  /** How far ahead a stay can start, in days from today in India. */
  bookingHorizonDays: 365,
  /** What one account may hold unpaid at once, over all its live holds (so nobody can block a city). */
  maxHeldRooms: 10,
  maxHeldRoomNights: 90,
  holdMinutes: 15,
  resetTokenMinutes: 30,
  /** How long a mailed email-confirmation link works (it works once). */
  confirmTokenHours: 48,
  /** How far ahead an owner may plan: blocks, and seasons of prices by date, end at most this many days after today. */
  planningHorizonDays: 730,
  maxImageBytes: 5 * 1024 * 1024,
  maxRoomImages: 12,
  pageSize: 10,
  ratingMax: 10,
  /** How many stays one guest may keep saved (the Saved page lists them all at once). */
  maxSavedStays: 200,
} as const;

export const CURRENCY = 'INR' as const;

/** The browser storage keys the web app keeps its sessions and reset link under. */
export const STORAGE_KEYS = {
  guestToken: 'loginToken',
  adminToken: 'adminLoginToken',
  forgotPassToken: 'forgotPassToken',
} as const;

/** Toast auto-close times: 5 s, and 2 s for admin and booking toasts. */
export const TOAST_MS = { default: 5000, adminAndBooking: 2000 } as const;

/** Orders of the search results (ours; the spec has none). */
export const SEARCH_SORTS = ['price_asc', 'price_desc', 'rating', 'distance'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** Reviews: the rating scale, the longest review and reply, and a page of the stay page's list. */
export const REVIEW_LIMITS = { ratingMin: 1, ratingMax: LIMITS.ratingMax, bodyMax: 2000, replyMax: 2000, pageSize: 10 } as const;
