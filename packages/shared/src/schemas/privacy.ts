import { z } from 'zod';
import { MSG } from '../constants/messages.ts';

/** Deleting one's own account: the password again, to be sure it is the person (DELETE /api/me). */
export const AccountDeleteInput = z.object({
  password: z
    .string({ error: MSG.passwordRequired })
    .min(1, { error: MSG.passwordRequired })
    .max(128, { error: MSG.passwordInvalid }),
});
export type AccountDeleteInput = z.input<typeof AccountDeleteInput>;

const at = z.string().nullable();

/**
 * Everything the site holds about a person (GET /api/me/export, DPDP Act 2023 s.11): their profile, bookings with
 * their payments, refunds and invoice numbers, reviews, wishlist, subscriptions and sessions. Amounts in paise.
 */
export const MyDataExport = z.object({
  exportedAt: z.string(),
  profile: z.object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    mobile: z.string(),
    isAdmin: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
  bookings: z.array(
    z.object({
      id: z.string(),
      stayId: z.string(),
      hotelName: z.string(),
      checkIn: z.string(),
      checkOut: z.string(),
      nights: z.number(),
      adults: z.number(),
      children: z.number(),
      status: z.string(),
      amountPaise: z.number(),
      currency: z.string(),
      guestGstin: z.string().nullable(),
      guestCompany: z.string().nullable(),
      guestAddress: z.string().nullable(),
      createdAt: z.string(),
      cancelledAt: at,
      rooms: z.array(z.object({ number: z.number(), title: z.string(), pricePerNight: z.number() })),
      payments: z.array(
        z.object({
          provider: z.string(),
          providerPaymentId: z.string(),
          method: z.string().nullable(),
          amountPaise: z.number(),
          currency: z.string(),
          createdAt: z.string(),
        }),
      ),
      refunds: z.array(
        z.object({
          amountPaise: z.number(),
          reason: z.string(),
          status: z.string(),
          createdAt: z.string(),
          settledAt: at,
        }),
      ),
      invoices: z.array(z.object({ kind: z.string(), number: z.string(), totalPaise: z.number(), issuedAt: z.string() })),
    }),
  ),
  reviews: z.array(
    z.object({
      id: z.string(),
      stayId: z.string(),
      bookingId: z.string(),
      rating: z.number(),
      body: z.string(),
      reply: z.string().nullable(),
      createdAt: z.string(),
      updatedAt: at,
    }),
  ),
  wishlist: z.array(z.object({ stayId: z.string(), stayName: z.string(), savedAt: z.string() })),
  subscriptions: z.array(z.object({ email: z.string(), since: z.string() })),
  sessions: z.array(z.object({ area: z.string(), createdAt: z.string(), expiresAt: z.string(), endedAt: at })),
});
export type MyDataExport = z.infer<typeof MyDataExport>;
