import type { BookingDto } from '@repo/shared/schemas/booking';
import type { UserDto } from '@repo/shared/schemas/auth';
import type { StayDto } from '@repo/shared/schemas/stay';

/** The guest the fake token names by default, as GET /api/me answers for them. */
export const GUEST: UserDto = {
  id: '5b0f4c1e-3a47-4c36-9d1e-8a2f6b7c9d01',
  firstName: 'Rahul',
  lastName: 'Sharma',
  email: 'guest@staybook.in',
  mobile: '9123456780',
  isAdmin: false,
  isLoggedIn: true,
  createdAt: '2026-01-05T10:00:00.000Z',
};

/** A stay (a hotel in Vizag without photos), with the given fields replaced. */
export const aStay = (fields: Partial<StayDto> = {}): StayDto => ({
  id: '0b7d8f0e-3f4c-4b8a-9a55-7a1f7d2e0c11',
  name: 'Sea Breeze',
  type: 'Hotel',
  title: '',
  address: 'Beach Road',
  city: 'vizag',
  distance: 3,
  description: '',
  overview: '',
  lowestPrice: 2500,
  amenities: [],
  rating: 8.5,
  experience: 'Excellent',
  reviewsCount: 0,
  featured: false,
  hotelImage: null,
  roomImages: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  ...fields,
});

/** A paid booking of two nights for two adults (fields as the API sends them). */
export const aBooking = (fields: Partial<BookingDto> = {}): BookingDto => ({
  id: '00000000-0000-4000-8000-000000000001',
  stayId: '00000000-0000-4000-8000-000000000002',
  orderId: 'order_Paid000000001',
  paymentId: 'pay_Paid0000000001',
  hotelName: 'Lake View Residency',
  hotelImage: null,
  from: '2030-11-24',
  to: '2030-11-26',
  nights: 2,
  adults: 2,
  children: 0,
  amount: 500000,
  currency: 'INR',
  status: 'confirmed',
  holdExpiresAt: null,
  rooms: [],
  refund: null,
  review: null,
  createdAt: '2026-11-22T05:00:00.000Z',
  ...fields,
});
