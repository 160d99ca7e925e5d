import { z } from 'zod';
import { MEAL_PLANS } from '../domain/plans.ts';
import { ChildAges } from './plans.ts';
import { ARRIVAL_STATES, BOOKING_STATUSES, LIMITS, PAYMENT_METHODS, UPI_FLOWS } from '../constants/domain.ts';
import { Id, IsoDate } from './common.ts';
import { GstBreakupDto, GuestBilling, InvoiceRefDto, requireBillingAddress } from './gst.ts';
import { BookingReviewDto } from './review.ts';
import { withStayDates } from './search.ts';
import { CancellationPolicyDto, ImageDto } from './stay.ts';

/** Who cancelled a booking: its guest, or the stay's owner. */
export const CANCELLED_BY = ['guest', 'owner'] as const;

/** What a cancel today refunds: paise (never more than paid) and the same in words. */
export const CancelQuoteDto = z.object({ refund: z.number().int(), description: z.string() });
export type CancelQuoteDto = z.infer<typeof CancelQuoteDto>;

/**
 * What a stay owes its guest for cancelling their booking itself, on top of the full refund: the charge its policy
 * would have taken from the guest for a cancel that day (paise, and in words; ADR 053).
 */
export const CompensationDto = z.object({
  amount: z.number().int(),
  description: z.string(),
  /**
   * How the platform is paying it: 'owed' until a payout link is made, 'link_sent' while the link waits for the guest
   * to claim it (`claimUrl`), then 'paid'; 'link_ended' when the link ended unpaid and our team pays it another way.
   */
  payment: z.enum(['owed', 'link_sent', 'paid', 'link_ended']),
  claimUrl: z.string().nullable(),
});
export type CompensationDto = z.infer<typeof CompensationDto>;

export const BookingStatus = z.enum(BOOKING_STATUSES);

/** Hold rooms for a stay. The amount is never taken from the client. */
export const CreateBookingInput = withStayDates(
  z
    .object({
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
      /** Each child's age (0–17): priced by age band (ADR 065); a child without one is priced as 6–12. */
      childAges: ChildAges().default([]),
      /** The rate plan of each room type chosen (at most one each); a room type left out sells under its standard plan. */
      ratePlanIds: z
        .array(Id, { error: 'Rate plans must be a list of plan ids' })
        .max(LIMITS.maxHeldRooms, { error: `At most ${LIMITS.maxHeldRooms} rate plans` })
        .default([]),
    })
    .extend(GuestBilling.shape)
    .superRefine(requireBillingAddress)
    .superRefine((v, ctx) => {
      if (v.childAges.length > v.children)
        ctx.addIssue({ code: 'custom', path: ['childAges'], message: 'Give one age for each child' });
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
  /** The UPI flows the gateway takes for this merchant: intent and QR; collect only where it is still accepted. */
  upiFlows: z.array(z.enum(UPI_FLOWS)),
});
export type CheckoutDto = z.infer<typeof CheckoutDto>;

/** An order as My Orders shows it; amount in paise. */
export const BookingDto = z.object({
  id: Id,
  stayId: Id,
  orderId: z.string().nullable(),
  paymentId: z.string().nullable(),
  /** How the booking was paid, as the gateway reported it (null while unpaid, or for payments recorded before). */
  paymentMethod: z.enum(PAYMENT_METHODS).nullable(),
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
  /** Each room with the rate plan it was sold under (null: sold before plans), named with its meal plan in words. */
  rooms: z.array(
    z.object({
      number: z.number().int(),
      title: z.string(),
      pricePerNight: z.number().int(),
      plan: z.string().nullable(),
      mealPlan: z.enum(MEAL_PLANS).nullable(),
    }),
  ),
  /**
   * Money sent back for this booking (paise), if any, each refund by its own state: `processed`, `pending`, and
   * `failed` (failed and not yet asked for again). `status` is 'failed' (`amount` = what failed, with the latest
   * reason) while a failure waits to be sent again (by itself at `retryAt`, or when the guest asks), whatever else was refunded; otherwise 'pending' until
   * the gateway has paid every refund asked for, then 'processed' (`amount` = what is sent back).
   */
  refund: z
    .object({
      amount: z.number().int(),
      status: z.enum(['pending', 'processed', 'failed']),
      failureReason: z.string().nullable(),
      /** While a failure waits: when it is sent again by itself (ISO instant); null once those attempts are over. */
      retryAt: z.string().nullable(),
      processed: z.number().int(),
      pending: z.number().int(),
      failed: z.number().int(),
    })
    .nullable(),
  /** What the guest has paid for it and not had back: its payments less its refunds not failed (paise, ADR 010). */
  balance: z.number().int(),
  /** The cancellation policy the booking was paid under; null on bookings made before policies (full refund before check-in). */
  cancellationPolicy: CancellationPolicyDto.nullable(),
  /** What a cancel today refunds (paise, and in words); null when it can not be cancelled. */
  cancelQuote: CancelQuoteDto.nullable(),
  cancelledAt: z.string().nullable(),
  cancelledBy: z.enum(CANCELLED_BY).nullable(),
  /** What happened at the stay (ADR 064): checked in, checked out, a no-show; null before the guest arrives. */
  arrival: z.enum(ARRIVAL_STATES).nullable(),
  /** What the stay owes the guest for cancelling it, when the stay cancelled it and its policy would have charged. */
  compensation: CompensationDto.nullable(),
  /**
   * The last failed payment attempt of a booking not paid: its gateway ids (the order id is the booking's own when
   * the failure did not carry it; '' when unknown) and the bank's words.
   */
  lastFailure: z.object({ orderId: z.string(), paymentId: z.string(), description: z.string() }).nullable(),
  /**
   * A payment of this unpaid booking the gateway left waiting for the guest (a UPI request to approve in their UPI
   * app), not yet captured nor failed: its gateway ids and method. No other payment should be started meanwhile.
   */
  pendingPayment: z.object({ orderId: z.string(), paymentId: z.string(), method: z.enum(PAYMENT_METHODS).nullable() }).nullable(),
  /** The gateway's ids of the refunds `refund` tells of (those not failed, else the failed ones), oldest first. */
  refundIds: z.array(z.string()),
  /** The guest's review of this booking, once written. */
  review: BookingReviewDto.nullable(),
  /** Taxable value, CGST and SGST in the amount (ADR 017). */
  gst: GstBreakupDto,
  /** The tax invoice (or bill of supply) once confirmed, and the credit note once cancelled. */
  documents: z.array(InvoiceRefDto),
  createdAt: z.string(),
});
export type BookingDto = z.infer<typeof BookingDto>;

export const CreateBookingResult = z.object({ booking: BookingDto, checkout: CheckoutDto });
export const BookingsList = z.object({ bookings: z.array(BookingDto) });
export const BookingResult = z.object({ booking: BookingDto });

/** A booking of one of the admin's stays, as the owner's cancel dialog shows it. */
export const AdminBookingCancellation = z.object({
  booking: z.object({
    id: Id,
    stayId: Id,
    hotelName: z.string(),
    guestName: z.string(),
    from: IsoDate,
    to: IsoDate,
    amount: z.number().int(),
    balance: z.number().int(),
    status: BookingStatus,
    cancelledAt: z.string().nullable(),
    cancelledBy: z.enum(CANCELLED_BY).nullable(),
    refund: BookingDto.shape.refund,
    compensation: BookingDto.shape.compensation,
  }),
  /**
   * What an owner's cancel today refunds to the guest: always everything paid, whatever the booking's policy (a
   * seller bears its own cancellation, ADR 025); null when its owner can not cancel it.
   */
  quote: CancelQuoteDto.nullable(),
  /**
   * What an owner's cancel today owes the guest on top of the refund: the charge the booking's policy would take from
   * the guest for a cancel today, recovered from the owner's next settlement (ADR 053); null when it can not cancel.
   */
  compensation: CompensationDto.pick({ amount: true, description: true }).nullable(),
});
export type AdminBookingCancellation = z.infer<typeof AdminBookingCancellation>;

/** Why an owner's cancel takes no refund choice: it always refunds everything paid (ADR 025). */
export const OWNER_CANCEL_REFUND_TAKEN =
  "An owner's cancel always refunds everything the guest paid: 'refund' is no longer taken; send no body";

/**
 * The owner's cancel (POST /api/admin/bookings/:id/cancel): no body (or an empty one). A body naming `refund` (the
 * choice 'policy' | 'full' this route once took) is refused with a 400 rather than ignored, so that a client asking
 * for the policy's refund is told it will not get it.
 */
export const AdminCancelInput = z.preprocess(
  (body) => body ?? {},
  z.object({ refund: z.never({ error: OWNER_CANCEL_REFUND_TAKEN }).optional() }),
);
export type AdminCancelInput = z.input<typeof AdminCancelInput>;
