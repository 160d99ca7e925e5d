import { type PaymentGateway, upiFlowsOf } from '#src/platform/payments/gateway.ts';
import type { PayoutGateway } from '#src/platform/payouts/gateway.ts';
import { type RazorpayConfig, razorpayClient } from './client.ts';
import { createOrder, paymentDetails, verifyPaymentSignature } from './payments.ts';
import { refund } from './refunds.ts';
import { checkAccount, createLinkedAccount, payoutLink, transfer } from './route.ts';
import { readPaymentWebhook, readPayoutWebhook, signedWith } from './webhooks.ts';

/**
 * Razorpay through its Standard Checkout (checkout.js in the browser) and its REST API at `apiUrl`: orders, payment
 * details, refunds, and its signed webhooks read into the app's payment events. UPI: checkout.js shows a QR code on a
 * laptop and the UPI apps (intent) on a phone; collect is hidden there (`config.display.hide`, the web's
 * `openRazorpay`) unless `upiCollect` says Razorpay still takes it from this merchant (ADR 052).
 */
export function createRazorpayGateway(cfg: RazorpayConfig): PaymentGateway {
  const call = razorpayClient(cfg);
  const signed = (rawBody: Buffer, signature: string | undefined) => signedWith(cfg.webhookSecret, rawBody, signature);
  return {
    provider: 'razorpay',
    keyId: cfg.keyId,
    localOrders: false,
    upiFlows: upiFlowsOf(cfg.upiCollect),
    createOrder: (input) => createOrder(call, input),
    verifyPaymentSignature: (input) => verifyPaymentSignature(cfg.keySecret, input),
    paymentDetails: (paymentId) => paymentDetails(call, paymentId),
    refund: (request) => refund(call, request),
    readWebhook: (rawBody, headers) => readPaymentWebhook(rawBody, headers, signed),
  };
}

/**
 * Paying owners through Razorpay Route (ADR 032): linked accounts, direct transfers from the platform's balance and
 * their transfer.processed / transfer.failed webhooks; guests' compensations by RazorpayX payout links (ADR 053),
 * paid from `accountNumber`, ended by their payout_link.* webhooks. Webhooks are signed with the same secret as the
 * payments'.
 */
export function createRazorpayRoute(cfg: RazorpayConfig): PayoutGateway {
  const call = razorpayClient(cfg);
  const signed = (rawBody: Buffer, signature: string | undefined) => signedWith(cfg.webhookSecret, rawBody, signature);
  return {
    provider: 'razorpay',
    checkAccount: (input) => checkAccount(call, cfg.accountNumber, input),
    createLinkedAccount: (input) => createLinkedAccount(call, input),
    transfer: (request) => transfer(call, request),
    payoutLink: (request) => payoutLink(call, cfg.accountNumber, request),
    readWebhook: (rawBody, headers) => readPayoutWebhook(rawBody, headers, signed),
  };
}
