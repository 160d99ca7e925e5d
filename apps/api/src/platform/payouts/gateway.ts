import type { WebhookHeaders, WebhookReading } from '../payments/gateway.ts';

/**
 * Paying owners through the gateway, with Razorpay Route's contract (ADR 032): an owner's bank account (or UPI id)
 * becomes a linked account; a transfer moves a settlement's payable balance to it, once per idempotency key; the
 * outcome arrives as a signed `transfer.processed` or `transfer.failed` webhook.
 */
export type LinkedAccountInput = {
  /** Our reference for it (the owner's id). */
  reference: string;
  legalName: string;
  email: string;
  account: { method: 'bank'; ifsc: string; accountNumber: string; holder: string } | { method: 'upi'; upiId: string };
};

export type TransferRequest = {
  /** The payout's id: the same key always answers the same transfer (Razorpay's X-Transfer-Idempotency). */
  idempotencyKey: string;
  accountId: string;
  amountPaise: number;
  notes: Record<string, string>;
};

export type GatewayTransfer = {
  id: string;
  status: 'pending' | 'processed' | 'failed';
  /** The bank's words when it failed. */
  failureReason: string | null;
  /** The bank's reference of the credit (UTR) once processed, when the gateway gives it. */
  utr: string | null;
};

/** An owner's account as it is checked before it is kept: who they are, and where they are paid. */
export type AccountCheckInput = Pick<LinkedAccountInput, 'reference' | 'legalName' | 'email' | 'account'>;

/**
 * What the gateway's check of an account found (Razorpay's fund-account validation: a rupee to a bank account, or
 * the UPI id looked up): refused with its words, or not refused (valid, or not known yet: a transfer to it may still
 * fail and says why then).
 */
export type AccountCheck = { valid: true; registeredName: string | null } | { valid: false; reason: string };

/**
 * A payout link (RazorpayX Payout Links): money from the platform's own account to someone whose account we do not
 * hold; the gateway sends them the link, and they choose the bank account or UPI id it is paid to. Used to pay a
 * guest the compensation a stay owed them (ADR 053).
 */
export type PayoutLinkRequest = {
  /** The same key always answers the same link (kept as its receipt): asking again never pays twice. */
  idempotencyKey: string;
  amountPaise: number;
  contact: { name: string; email: string; mobile: string };
  description: string;
};

export type GatewayPayoutLink = {
  id: string;
  /** Where the recipient claims it. */
  url: string;
  status: 'issued' | 'processed' | 'cancelled' | 'expired' | 'rejected';
};

/** The gateway refused the linked account outright (its details are wrong): shown to the owner, not retried. */
export class LinkedAccountRefused extends Error {
  constructor(readonly description: string) {
    super(description);
    this.name = 'LinkedAccountRefused';
  }
}

/**
 * A payout gateway's webhook, read by its adapter from the provider's own body: a transfer's outcome (with the notes
 * it was asked with), the end of a payout link, or another event (not acted on).
 */
export type PayoutEvent =
  | {
      kind: 'transfer';
      status: 'processed' | 'failed';
      transferId: string;
      /** The transfer request's notes, as the gateway gives them back (string values only). */
      notes: Record<string, string>;
      /** The bank's words when it failed. */
      failureReason: string | null;
      /** The bank's reference of the credit (UTR), when the event carries it. */
      utr: string | null;
    }
  | { kind: 'payout-link'; linkId: string; status: 'processed' | 'cancelled' | 'expired' | 'rejected' }
  | { kind: 'other' };

export interface PayoutGateway {
  readonly provider: 'razorpay' | 'sandbox';
  /**
   * Checks an account before it is kept (the owner is told at once when it can not receive money). Throws when it
   * could not be asked (the owner tries again).
   */
  checkAccount(input: AccountCheckInput): Promise<AccountCheck>;
  createLinkedAccount(input: LinkedAccountInput): Promise<{ id: string }>;
  /** Asks for a transfer; idempotent per key. Throws when it could not be asked (the caller tries again later). */
  transfer(request: TransferRequest): Promise<GatewayTransfer>;
  /** Makes a payout link; idempotent per key. Throws when it could not be made (the caller tries again later). */
  payoutLink(request: PayoutLinkRequest): Promise<GatewayPayoutLink>;
  /**
   * Reads a webhook posted to `POST /api/payouts/webhook`: its signature checked over the raw bytes (in constant
   * time) before anything of the body is read, then the body read into the event the payouts act on.
   */
  readWebhook(rawBody: Buffer, headers: WebhookHeaders): WebhookReading<PayoutEvent>;
}
