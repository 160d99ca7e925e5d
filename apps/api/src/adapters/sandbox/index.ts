// The offline sandbox gateway, one opt-in module (ADR 030): chosen by plugins/app/platform.ts, its routes and
// webhook delivery registered by app.ts, only when it takes the payments.
export {
  createSandboxGateway,
  isSandbox,
  type RefundOutcome,
  type SandboxConfig,
  type SandboxGateway,
  type SandboxWebhook,
  type WebhookReceiver,
} from './gateway.ts';
export { default as sandboxModule } from './plugin.ts';
export {
  createSandboxRoute,
  isSandboxRoute,
  SANDBOX_PAYOUT_FAILURES,
  SANDBOX_PAYOUT_REASONS,
  type SandboxRoute,
  sandboxUtr,
} from './route.ts';
