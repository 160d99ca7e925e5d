import { z } from 'zod';
import { FormCSummary } from './form-c.ts';
import { MSG } from '../constants/messages.ts';
import { MoneyFiguresDto } from './payouts.ts';

/** Deleting one's own account: the password again, to be sure it is the person (DELETE /api/me). */
export const AccountDeleteInput = z.object({
  password: z
    .string({ error: MSG.passwordRequired })
    .min(1, { error: MSG.passwordRequired })
    .max(128, { error: MSG.passwordInvalid }),
});
export type AccountDeleteInput = z.input<typeof AccountDeleteInput>;

/** GET /api/me/deletion: whether deleting the account would be done now, and if not why (what DELETE would answer). */
export const AccountDeletionDto = z.object({
  allowed: z.boolean(),
  /** Why not (a booking to come, an account that manages stays); null when allowed. */
  reason: z.string().nullable(),
});
export type AccountDeletionDto = z.infer<typeof AccountDeletionDto>;

const at = z.string().nullable();

/** The account as both copies give it (a guest's profile, an owner's account). */
const ExportedAccount = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  mobile: z.string(),
  isAdmin: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** The billing address on record (printed on tax invoices): one line, a PIN code and the GST state code. */
const BillingAddress = z.object({
  billingAddress: z.string().nullable(),
  billingPin: z.string().nullable(),
  billingState: z.string().nullable(),
});

/**
 * Everything the site holds about a person (GET /api/me/export, DPDP Act 2023 s.11; ADR 023, ADR 051): their profile
 * with the billing address on record, bookings with the billing details each was sold with, the address its hold
 * came from, payments, refunds and invoice numbers, their complaints with every answer, reviews with the stay's
 * reply, wishlist, subscriptions, sessions and the links mailed to them. Amounts in paise.
 */
export const MyDataExport = z.object({
  exportedAt: z.string(),
  profile: ExportedAccount.extend({ ...BillingAddress.shape, emailConfirmedAt: at }),
  bookings: z.array(
    z.object({
      id: z.string(),
      /** The order id My Orders and the mails give (the gateway's order); null while none was created. */
      orderId: z.string().nullable(),
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
      /** The billing address's PIN code and GST state code, with guestAddress: what the booking was sold with. */
      guestPin: z.string().nullable(),
      guestState: z.string().nullable(),
      /** The network address the payment hold came from (cleared 30 days after the booking was made). */
      holdAddress: z.string().nullable(),
      createdAt: z.string(),
      cancelledAt: at,
      /** Who cancelled: the guest, or the stay's owner. */
      cancelledBy: z.string().nullable(),
      /** What happened at the stay: checked in, checked out, a no-show (null before). */
      arrival: z.string().nullable(),
      /**
       * The ID the stay recorded at check-in (ADR 064): its type and number, masked (null once erased a set time
       * after check-out), when it was recorded, and when it is or was erased.
       */
      idShownAtCheckIn: z
        .object({ type: z.string(), masked: z.string().nullable(), recordedAt: z.string(), eraseAfter: at, erasedAt: at })
        .nullable(),
      /** The latest payment attempt that did not pay, as the gateway reported it. */
      unpaidAttempt: z.record(z.string(), z.string()).nullable(),
      rooms: z.array(z.object({ number: z.number(), title: z.string(), pricePerNight: z.number() })),
      payments: z.array(
        z.object({
          provider: z.string(),
          /** The order it paid, as the mails give it. */
          providerOrderId: z.string().nullable(),
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
  /** Complaints about their bookings, each with the thread: their own follow-ups and the answers of the stay or StayBook. */
  complaints: z.array(
    z.object({
      ticket: z.string(),
      bookingId: z.string(),
      stayId: z.string(),
      category: z.string(),
      description: z.string(),
      status: z.string(),
      createdAt: z.string(),
      acknowledgedAt: at,
      closedAt: at,
      closedBy: z.string().nullable(),
      messages: z.array(z.object({ author: z.string(), body: z.string(), createdAt: z.string() })),
    }),
  ),
  reviews: z.array(
    z.object({
      id: z.string(),
      stayId: z.string(),
      bookingId: z.string(),
      rating: z.number(),
      body: z.string(),
      /** The stay's reply. */
      reply: z.string().nullable(),
      repliedAt: at,
      createdAt: z.string(),
      updatedAt: at,
    }),
  ),
  wishlist: z.array(z.object({ stayId: z.string(), stayName: z.string(), savedAt: z.string() })),
  subscriptions: z.array(z.object({ email: z.string(), since: z.string() })),
  sessions: z.array(z.object({ area: z.string(), createdAt: z.string(), expiresAt: z.string(), endedAt: at })),
  /** Password-reset and email-confirmation links mailed to them (only a hash of each is kept, not given here). */
  mailedLinks: z.array(
    z.object({
      purpose: z.enum(['password-reset', 'email-confirmation']),
      createdAt: z.string(),
      expiresAt: z.string(),
      usedAt: at,
    }),
  ),
  /**
   * What the stays hold about them as foreign guests (Form C), as the stay's lists show it: the passport's last four
   * characters and the visa type, never the details (those the stay reports to the Bureau of Immigration).
   */
  foreignGuestReports: z.array(FormCSummary),
});
export type MyDataExport = z.infer<typeof MyDataExport>;

/**
 * Everything held about a stay owner as an owner (GET /api/admin/me/export, DPDP Act 2023 s.11): the account, the
 * payout details (the PAN; each payout account as stored: a bank account's IFSC and last four digits, the full
 * number never being kept; a UPI id whole), the stays they own with their GST registration, their settlements with
 * the payouts made for them, and the platform's fee invoices to them. Amounts in paise.
 */
export const OwnerDataExport = z.object({
  exportedAt: z.string(),
  account: ExportedAccount.extend({ isPlatform: z.boolean(), ...BillingAddress.shape }),
  payoutProfile: z
    .object({ legalName: z.string(), pan: z.string().nullable(), stateCode: z.string(), updatedAt: z.string() })
    .nullable(),
  /** Every account the owner gave, oldest first; the latest is the one paid to. */
  payoutAccounts: z.array(
    z.object({
      id: z.string(),
      method: z.enum(['bank', 'upi']),
      ifsc: z.string().nullable(),
      accountLast4: z.string().nullable(),
      holder: z.string().nullable(),
      upiId: z.string().nullable(),
      /** The payment gateway's linked account the payouts go to. */
      linkedAccountId: z.string(),
      addedAt: z.string(),
      inUse: z.boolean(),
    }),
  ),
  stays: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      type: z.string(),
      address: z.string(),
      city: z.string(),
      stateCode: z.string().nullable(),
      /** The business's registered name and GSTIN printed on its invoices (none: the platform supplies it, s.9(5)). */
      legalName: z.string(),
      gstin: z.string().nullable(),
      /** The platform's fee in force on its nights, basis points of their value before tax. */
      feeBp: z.number().int(),
      createdAt: z.string(),
      archivedAt: at,
    }),
  ),
  settlements: z.array(
    z.object({
      id: z.string(),
      periodStart: z.string(),
      periodEnd: z.string(),
      opening: z.number().int(),
      totals: MoneyFiguresDto,
      closing: z.number().int(),
      payable: z.number().int(),
      lineCount: z.number().int(),
      createdAt: z.string(),
      payouts: z.array(
        z.object({
          id: z.string(),
          accountId: z.string(),
          amount: z.number().int(),
          attempt: z.number().int(),
          status: z.string(),
          failureReason: z.string().nullable(),
          /** The bank's reference of a paid payout (UTR), when the gateway gave it. */
          utr: z.string().nullable(),
          createdAt: z.string(),
          settledAt: at,
        }),
      ),
    }),
  ),
  /** All settlements added up: what was credited, withheld and paid out. */
  settlementTotals: MoneyFiguresDto.extend({ paidOut: z.number().int() }),
  feeInvoices: z.array(
    z.object({
      number: z.string(),
      kind: z.string(),
      month: z.string(),
      recipientGstin: z.string().nullable(),
      taxable: z.number().int(),
      gst: z.number().int(),
      issuedAt: z.string(),
    }),
  ),
});
export type OwnerDataExport = z.infer<typeof OwnerDataExport>;
