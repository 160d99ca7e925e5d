import { z } from 'zod';
import { PAYMENT_MISMATCHES, REFUND_STATUSES } from '../constants/domain.ts';

const field = z.string().max(500);

/** The gateway's success fields, posted by the browser after checkout. */
export const PaymentSuccessInput = z.object({
  orderId: z.string({ error: 'orderId is required' }).min(1).max(100),
  paymentId: z.string({ error: 'paymentId is required' }).min(1).max(100),
  signature: z.string({ error: 'signature is required' }).min(1).max(200),
});
export type PaymentSuccessInput = z.infer<typeof PaymentSuccessInput>;

/** The seven failure fields the gateway reports (code, description, source, step, reason, order id, payment id). */
export const PAYMENT_FAILURE_FIELDS = ['code', 'description', 'source', 'step', 'reason', 'orderId', 'paymentId'] as const;
export const PaymentFailureInput = z.object({
  code: field.default(''),
  description: field.default(''),
  source: field.default(''),
  step: field.default(''),
  reason: field.default(''),
  orderId: field.default(''),
  paymentId: field.default(''),
});
export type PaymentFailure = z.infer<typeof PaymentFailureInput>;

/** The built-in sandbox checkout's card form (`method` may be left out: a card is what older clients send). */
export const SandboxCardInput = z.object({
  method: z.literal('card').default('card'),
  cardNumber: z
    .string({ error: 'Card number is required' })
    .transform((s) => s.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, { error: 'Enter a valid card number' })),
  expiry: z.string({ error: 'Expiry is required' }).regex(/^(0[1-9]|1[0-2])\/\d{2}$/, { error: 'Expiry must be MM/YY' }),
  cvv: z.string({ error: 'CVV is required' }).regex(/^\d{3,4}$/, { error: 'Enter a valid CVV' }),
  name: z.string({ error: 'Name on card is required' }).trim().min(1, { error: 'Name on card is required' }).max(60),
});

export const UPI_ID_MESSAGE = 'Enter a valid UPI ID, like name@bank';
/**
 * A UPI id (VPA): a handle of letters, digits, dots, hyphens or underscores, '@', and the provider's letters
 * (e.g. name.surname@okhdfcbank, 9876543210@ybl). Spaces around it are dropped; it is kept in lower case.
 */
export const UpiId = z
  .string({ error: 'UPI ID is required' })
  .trim()
  .min(1, { error: 'UPI ID is required' })
  .max(100, { error: UPI_ID_MESSAGE })
  .regex(/^[a-zA-Z0-9][a-zA-Z0-9._-]{1,255}@[a-zA-Z][a-zA-Z0-9]{1,63}$/, { error: UPI_ID_MESSAGE })
  .transform((s) => s.toLowerCase());

/** A UPI request to the UPI id the guest typed (collect; a body without `flow` is one, as older clients send). */
export const SandboxUpiCollectInput = z.object({
  method: z.literal('upi'),
  flow: z.literal('collect').default('collect'),
  vpa: UpiId,
});
/** A UPI payment the guest approves in their UPI app, opened by the gateway's intent link or by scanning it as a QR code. */
export const SandboxUpiIntentInput = z.object({ method: z.literal('upi'), flow: z.literal('intent') });
export const SandboxUpiInput = z.discriminatedUnion('flow', [SandboxUpiIntentInput, SandboxUpiCollectInput], {
  error: 'flow must be intent or collect',
});

/** The sandbox's banks (Razorpay's bank codes); the last one always declines, to try a failure. */
export const SANDBOX_BANKS = [
  { code: 'HDFC', name: 'HDFC Bank' },
  { code: 'ICIC', name: 'ICICI Bank' },
  { code: 'SBIN', name: 'State Bank of India' },
  { code: 'UTIB', name: 'Axis Bank' },
  { code: 'FAIL', name: 'Sandbox bank (payment fails)' },
] as const;
export const SANDBOX_FAILING_BANK = 'FAIL';
type BankCode = (typeof SANDBOX_BANKS)[number]['code'];
const BANK_CODES = SANDBOX_BANKS.map((b) => b.code) as [BankCode, ...BankCode[]];
export const SandboxNetbankingInput = z.object({
  method: z.literal('netbanking'),
  bank: z.enum(BANK_CODES, { error: 'Choose your bank' }),
});

/** The sandbox checkout: a card, UPI (intent, or collect where offered), or a bank for netbanking. */
export const SandboxPayInput = z.discriminatedUnion('method', [SandboxCardInput, SandboxUpiInput, SandboxNetbankingInput]);
export type SandboxPayInput = z.input<typeof SandboxPayInput>;

const SandboxSuccess = z.object({
  razorpay_order_id: z.string(),
  razorpay_payment_id: z.string(),
  razorpay_signature: z.string(),
});
const SandboxError = z.object({
  error: z.object({
    code: z.string(),
    description: z.string(),
    source: z.string(),
    step: z.string(),
    reason: z.string(),
    metadata: z.object({ order_id: z.string(), payment_id: z.string() }),
  }),
});
/**
 * A UPI payment waiting for the guest to approve it in their UPI app (the gateway then posts its webhook): a collect
 * request sent to `vpa`, or an intent whose `upi://pay?…` link opens the app (or is scanned as a QR code) until
 * `expires_at`.
 */
const SandboxPending = z.object({
  pending: z.object({
    order_id: z.string(),
    payment_id: z.string(),
    method: z.literal('upi'),
    vpa: z.string().nullable(),
    link: z.string().nullable(),
    expires_at: z.string().nullable(),
  }),
});

/** The sandbox's answer: Razorpay-shaped success fields, Razorpay-shaped error object, or a UPI payment pending. */
export const SandboxPayResult = z.union([SandboxSuccess, SandboxError, SandboxPending]);
/** An order's latest sandbox payment, as the checkout polls it while a UPI payment is pending (null: none yet). */
export const SandboxOrderPayment = z.object({ payment: SandboxPayResult.nullable() });

/** The guest's answer in the sandbox's stand-in for their UPI app: approve the pending payment, or decline it. */
export const SandboxUpiApprovalInput = z.object({
  approve: z.boolean({ error: 'approve must be true or false' }),
});

/** UPI ids the sandbox knows: approved at once, declined, or approved later in the UPI app (then a webhook). */
export const SANDBOX_UPI_IDS = {
  success: 'success@razorpay',
  failure: 'failure@razorpay',
  pending: 'pending@razorpay',
} as const;

export const SANDBOX_CARDS = { success: '4111111111111111', failure: '4000000000000002' } as const;

/**
 * A captured payment that did not match its booking's order (ADR 024): what the order asked, what the gateway
 * captured, and the refund it got. Never applied to the booking.
 */
export const PaymentMismatchDto = z.object({
  paymentId: z.string(),
  bookingId: z.string(),
  stayName: z.string(),
  mismatch: z.enum(PAYMENT_MISMATCHES),
  expected: z.object({ orderId: z.string().nullable(), amount: z.number().int(), currency: z.string() }),
  paid: z.object({ orderId: z.string().nullable(), amount: z.number().int(), currency: z.string() }),
  source: z.enum(['browser', 'webhook', 'migration', 'desk']),
  refundStatus: z.enum(REFUND_STATUSES).nullable(),
  createdAt: z.string(),
});
export type PaymentMismatchDto = z.infer<typeof PaymentMismatchDto>;
export const PaymentMismatchList = z.object({ mismatches: z.array(PaymentMismatchDto) });
export type PaymentMismatchList = z.infer<typeof PaymentMismatchList>;
