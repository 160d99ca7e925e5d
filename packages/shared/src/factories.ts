import type { RegisterInput } from './schemas/auth.ts';
import type { Amenity, Experience, StayType } from './constants/domain.ts';
import { gstinCheckChar, stateOfCity } from './domain/gstin.ts';

/**
 * Valid data with defaults, one definition for the seed, the API tests and the browser journeys: each returns an
 * input its shared schema accepts (factories.test.ts checks it), with the fields given in `overrides` changed.
 */

/** The demo accounts the seed creates on an empty database (README lists them); browser journeys sign in as them. */
export const DEMO_ACCOUNTS = {
  /** `pan`: the demo owner's on their payout details (an individual's, so TDS relief applies; ADR 050). */
  admin: {
    firstName: 'Asha',
    lastName: 'Admin',
    email: 'admin@staybook.in',
    mobile: '9876543210',
    password: 'Admin@12345',
    pan: 'ABCPA1234F',
  },
  guest: { firstName: 'Rahul', lastName: 'Sharma', email: 'guest@staybook.in', mobile: '9123456780', password: 'Guest@12345' },
} as const;

/** The demo guest's billing address on record (Bengaluru, Karnataka 29). */
export const DEMO_BILLING = {
  billingAddress: '12, 80 Feet Road, Indiranagar, Bengaluru',
  billingPin: '560038',
  billingState: '29',
} as const;

/** A billing address on record (address, PIN code, state code), as a profile holds it. */
export function newBillingAddress(overrides: Partial<{ billingAddress: string; billingPin: string; billingState: string }> = {}) {
  return { billingAddress: '4 Station Road, Shivajinagar, Pune', billingPin: '411005', billingState: '27', ...overrides };
}

let made = 0;
/** An email address no other call of this process returns. */
export const uniqueEmail = (prefix = 'user') => `${prefix}.${Date.now().toString(36)}${(made++).toString(36)}@example.com`;

/** A sign-up: a new email each time, the same valid password twice. */
export function newUser(overrides: Partial<Omit<RegisterInput, 'confirmPassword'>> = {}) {
  const password = overrides.password ?? 'Secret@123';
  return {
    firstName: 'Priya',
    lastName: 'Verma',
    email: uniqueEmail('user'),
    mobile: '9876501234',
    ...overrides,
    password,
    confirmPassword: password,
  } satisfies RegisterInput;
}

export type NewStay = {
  name: string;
  type: StayType;
  title: string;
  address: string;
  city: string;
  distance: number;
  description: string;
  overview: string;
  lowestPrice: number;
  amenities: Amenity[];
  rating: number;
  experience: Experience;
  featured: boolean;
  /** The state's GST code; by default the city's (a city not on the list: Karnataka). */
  stateCode: string;
};

/** A stay's fields as the stay form sends them. */
export function newStay(overrides: Partial<NewStay> = {}): NewStay {
  const stay: Omit<NewStay, 'stateCode'> = {
    name: 'Sea Breeze Residency',
    type: 'Hotel',
    title: 'Sea-facing rooms near RK Beach',
    address: '12 Beach Road, Siripuram',
    city: 'Vizag',
    distance: 3.5,
    description: 'Bright rooms a short walk from the sea.',
    overview: 'A friendly hotel with sea views, a rooftop restaurant and easy access to the beach.',
    lowestPrice: 2400,
    amenities: ['Free Wifi', 'Parking'],
    rating: 8.4,
    experience: 'Excellent',
    featured: true,
    ...overrides,
  };
  return { ...stay, stateCode: overrides.stateCode ?? stateOfCity(stay.city) ?? '29' };
}

export type NewRoomType = { title: string; description: string; price: number; maxPeople: number; roomNumbers: number[] };

/** A room type with its room numbers. */
export function newRoomType(overrides: Partial<NewRoomType> = {}): NewRoomType {
  return {
    title: 'Deluxe',
    description: 'Queen bed',
    price: 2500,
    maxPeople: 2,
    roomNumbers: [101, 102],
    ...overrides,
  };
}

/** A GSTIN of a state for a PAN, its check character right (registration 1, default Z): '29' + 'AAGCB7383J' → 29AAGCB7383J1Z4. */
export function gstinOf(stateCode: string, pan: string): string {
  const first14 = `${stateCode}${pan}1Z`;
  return `${first14}${gstinCheckChar(first14)}`;
}
