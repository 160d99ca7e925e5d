import { z } from 'zod';
import { BOOKING_STATUSES, LIMITS } from '../constants/domain.ts';
import { Id, IsoDate } from './common.ts';
import { BookingReviewDto } from './review.ts';
import { withStayDates } from './search.ts';
import { ImageDto } from './stay.ts';

export const BookingStatus = z.enum(BOOKING_STATUSES);

/** Hold rooms for a stay. The amount is never taken from the client. */
export const CreateBookingInput = withStayDates(
  z.object({
    stayId: Id,
    checkIn: IsoDate,
    checkOut: IsoDate,
    adults: z.coerce.number().int().min(1, { error: 'Adults must be at least 1' }).max(99),
    children: z.coerce.number().int().min(0, { error: 'Children can not be negative' }).max(99).default(0),
    roomNumberIds: z
      .array(Id, { error: 'Choose at least one room' })
      .min(1, { error: 'Choose at least one room' })
      .max(LIMITS.maxHeldRooms, { error: `At most ${LIMITS.maxHeldRooms} rooms in one booking` })
      .refine((a) => new Set(a).size === a.length, { error: 'A room can be chosen once' }),
  }),
);
export type CreateBookingInput = z.input<typeof CreateBookingInput>;

export const PAYMENT_PROVIDERS = ['sandbox', 'razorpay'] as const;

/** What the browser needs to open the gateway's checkout. */
export const CheckoutDto = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  keyId: z.string(),
  orderId: z.string(),
  amount: z.number().int(),
  currency: z.literal('INR'),
  name: z.string(),
  description: z.string(),
  prefill: z.object({ name: z.string(), email: z.string(), contact: z.string() }),
});
export type CheckoutDto = z.infer<typeof CheckoutDto>;

/** An order as My Orders shows it; amount in paise. */
export const BookingDto = z.object({
  id: Id,
  stayId: Id,
  orderId: z.string().nullable(),
  paymentId: z.string().nullable(),
  hotelName: z.string(),
  hotelImage: ImageDto.nullable(),
  from: IsoDate,
  to: IsoDate,
  nights: z.number().int(),
  adults: z.number().int(),
  children: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
  status: BookingStatus,
  holdExpiresAt: z.string().nullable(),
  rooms: z.array(z.object({ number: z.number().int(), title: z.string(), pricePerNight: z.number().int() })),
  /** Money sent back for this booking (paise), if any: 'pending' until the gateway has paid every refund. */
  refund: z.object({ amount: z.number().int(), status: z.enum(['pending', 'processed']) }).nullable(),
  /** The guest's review of this booking, once written. */
  review: BookingReviewDto.nullable(),
  createdAt: z.string(),
});
export type BookingDto = z.infer<typeof BookingDto>;

export const CreateBookingResult = z.object({ booking: BookingDto, checkout: CheckoutDto });
export const BookingsList = z.object({ bookings: z.array(BookingDto) });
export const BookingResult = z.object({ booking: BookingDto });
