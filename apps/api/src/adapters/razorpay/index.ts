// Razorpay, one adapter module (ADR 059): chosen by plugins/app/platform.ts when its keys are set. Its wire format
// (REST requests and answers, webhook bodies and headers) is read and written only here.
export type { RazorpayConfig } from './client.ts';
export { createRazorpayGateway, createRazorpayRoute } from './gateway.ts';
export { readPaymentWebhook, readPayoutWebhook } from './webhooks.ts';
