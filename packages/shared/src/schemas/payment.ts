import { z } from 'zod';

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

/** The built-in sandbox checkout's card form. */
export const SandboxPayInput = z.object({
  cardNumber: z
    .string({ error: 'Card number is required' })
    .transform((s) => s.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, { error: 'Enter a valid card number' })),
  expiry: z.string({ error: 'Expiry is required' }).regex(/^(0[1-9]|1[0-2])\/\d{2}$/, { error: 'Expiry must be MM/YY' }),
  cvv: z.string({ error: 'CVV is required' }).regex(/^\d{3,4}$/, { error: 'Enter a valid CVV' }),
  name: z.string({ error: 'Name on card is required' }).trim().min(1, { error: 'Name on card is required' }).max(60),
});
export type SandboxPayInput = z.input<typeof SandboxPayInput>;

/** The sandbox's answer: Razorpay-shaped success fields, or Razorpay-shaped error object. */
export const SandboxPayResult = z.union([
  z.object({ razorpay_order_id: z.string(), razorpay_payment_id: z.string(), razorpay_signature: z.string() }),
  z.object({
    error: z.object({
      code: z.string(),
      description: z.string(),
      source: z.string(),
      step: z.string(),
      reason: z.string(),
      metadata: z.object({ order_id: z.string(), payment_id: z.string() }),
    }),
  }),
]);

export const SANDBOX_CARDS = { success: '4111111111111111', failure: '4000000000000002' } as const;

const gatewayText = z.string().max(500).nullish();
/** A gateway's payment entity, as much of it as the server reads (other fields are kept but not checked). */
const WebhookPaymentEntity = z.looseObject({
  id: z.string().min(1).max(100),
  order_id: z.string().min(1).max(100).nullish(),
  amount: z.number().int().positive().max(1e12).optional(),
  currency: z.string().max(10).optional(),
  status: z.string().max(50).optional(),
  error_code: gatewayText,
  error_description: gatewayText,
  error_source: gatewayText,
  error_step: gatewayText,
  error_reason: gatewayText,
});

/**
 * A signed gateway webhook (Razorpay's shape). Events the server acts on must carry a well-formed payment entity;
 * any other event only needs its name.
 */
export const GatewayWebhookBody = z.looseObject({
  id: z.string().max(200).optional(),
  event: z.string().min(1).max(100),
  payload: z
    .looseObject({
      payment: z.looseObject({ entity: WebhookPaymentEntity }).optional(),
      order: z.looseObject({ entity: z.looseObject({ id: z.string().min(1).max(100) }) }).optional(),
    })
    .optional(),
});
export type GatewayWebhookBody = z.infer<typeof GatewayWebhookBody>;
/** The payment events the server applies; each needs `payload.payment.entity`. */
export const PAYMENT_WEBHOOK_EVENTS = ['payment.captured', 'order.paid', 'payment.failed'] as const;
