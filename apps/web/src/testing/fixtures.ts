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
  isPlatform: false,
  isLoggedIn: true,
  emailConfirmed: true,
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
  lowestPriceFromRooms: false,
  amenities: [],
  rating: 8.5,
  experience: 'Excellent',
  reviewsCount: 0,
  reviewsRating: null,
  featured: false,
  cancellationPolicy: { freeDays: 1, refundPercent: 0 },
  hotelImage: null,
  roomImages: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  ...fields,
});

type RefundDto = NonNullable<BookingDto['refund']>;
/** A booking's refund of `amount` paise in one state (its processed, pending and failed sums follow from it). */
export const aRefund = (status: RefundDto['status'], amount: number, failureReason: string | null = null): RefundDto => ({
  amount,
  status,
  failureReason,
  retryAt: null,
  processed: status === 'processed' ? amount : 0,
  pending: status === 'pending' ? amount : 0,
  failed: status === 'failed' ? amount : 0,
});

/** A paid booking of two nights for two adults (fields as the API sends them). */
export const aBooking = (fields: Partial<BookingDto> = {}): BookingDto => ({
  id: '00000000-0000-4000-8000-000000000001',
  stayId: '00000000-0000-4000-8000-000000000002',
  orderId: 'order_Paid000000001',
  paymentId: 'pay_Paid0000000001',
  paymentMethod: 'card',
  hotelName: 'Lake View Residency',
  hotelImage: null,
  arrival: null,
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
  balance: 500000,
  cancellationPolicy: { freeDays: 1, refundPercent: 0 },
  cancelQuote: { refund: 500000, description: 'Full refund of ₹5,000' },
  cancelledAt: null,
  cancelledBy: null,
  compensation: null,
  lastFailure: null,
  pendingPayment: null,
  refundIds: [],
  review: null,
  // ₹2,500 a night for 2 nights in one room at 5 % (packages/shared/src/domain/gst.ts).
  gst: {
    registered: true,
    lines: [
      {
        roomNumber: 101,
        title: 'Deluxe',
        tariff: 2500,
        nights: 2,
        ratePercent: 5,
        amount: 500000,
        taxable: 476192,
        cgst: 11904,
        sgst: 11904,
      },
    ],
    taxable: 476192,
    cgst: 11904,
    sgst: 11904,
    total: 500000,
  },
  documents: [
    {
      kind: 'invoice',
      title: 'Tax Invoice',
      number: 'TI/26-27/000001',
      issuedAt: '2026-11-22T05:01:00.000Z',
      total: 500000,
      tax: 23808,
      supplier: { name: 'Sea Breeze', gstin: '29AAGCB7383J1Z4', byPlatform: false },
    },
  ],
  createdAt: '2026-11-22T05:00:00.000Z',
  ...fields,
});
