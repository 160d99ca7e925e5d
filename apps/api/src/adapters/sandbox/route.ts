import { createHash } from 'node:crypto';
import { eq, and, isNotNull } from 'drizzle-orm';
import type { Db } from '#src/db/client.ts';
import { sandboxLinkedAccounts, sandboxTransfers } from '#src/db/schema/index.ts';
import { gatewayId } from '#src/platform/payments/gateway.ts';
import type { GatewayPayoutLink, GatewayTransfer, PayoutGateway } from '#src/platform/payouts/gateway.ts';
import { readPayoutWebhook } from '../razorpay/index.ts';
import type { SandboxGateway } from './gateway.ts';
import { inTransaction } from '#src/db/client.ts';

/**
 * Test payout details the sandbox's bank refuses, as Razorpay's test mode refuses its failure VPA: the UPI id is
 * refused when it is checked (fund-account validation, before it is kept); a bank account ending in these digits
 * passes the check and its transfers fail with the bank's reason (an account closed after it was checked: the
 * owner then changes their details, or it is tried again).
 */
export const SANDBOX_PAYOUT_FAILURES = {
  upiId: 'failure@razorpay',
  /** A bank account number ending in these digits. */
  accountSuffix: '0000',
} as const;
export const SANDBOX_PAYOUT_REASONS = {
  upi: 'The UPI id does not exist or can not receive money',
  bank: 'The beneficiary bank account is closed or invalid',
} as const;
const REASONS = SANDBOX_PAYOUT_REASONS;

/** The sandbox bank's reference of a processed transfer (UTR): 12 digits, always the same for the same transfer. */
export const sandboxUtr = (transferId: string) =>
  String(BigInt(`0x${createHash('sha256').update(transferId).digest('hex').slice(0, 15)}`) % 10n ** 12n).padStart(12, '0');

export const isSandboxRoute = (g: PayoutGateway): g is SandboxRoute => g.provider === 'sandbox';

export type SandboxRoute = PayoutGateway & {
  readonly provider: 'sandbox';
  /** Settles every pending transfer now (as the bank would, `transferDelayMs` later): how many it settled. */
  settleTransfers(): Promise<number>;
  /** Ends every issued payout link now, as its recipient claiming it would (`transferDelayMs` later): how many. */
  settlePayoutLinks(outcome?: 'processed' | 'rejected'): Promise<number>;
  /** Arms the timers of the transfers pending when the process stopped. */
  resume(): Promise<void>;
  stop(): void;
};

/**
 * Razorpay Route in the sandbox: linked accounts and transfers kept in the database (so a transfer pending at a
 * restart is settled by the next process), idempotent per key, and the signed `transfer.processed` /
 * `transfer.failed` webhooks owed and posted by the sandbox gateway with its own (to the payouts' webhook route);
 * and payout links, claimed by their recipient `transferDelayMs` after they are made (or on demand in tests).
 */
export function createSandboxRoute(
  db: Db,
  gateway: SandboxGateway,
  cfg: { transferDelayMs?: number },
  log?: (err: unknown) => void,
): SandboxRoute {
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let stopped = false;

  function later(at: Date) {
    if (stopped) return;
    const timer = setTimeout(
      () => {
        timers.delete(timer);
        // Timers keep a monotonic clock and may fire a moment before the wall clock reaches `at`: settle up to `at`.
        settleDue(new Date(Math.max(Date.now(), at.getTime()))).catch((err: unknown) => log?.(err));
      },
      Math.max(0, at.getTime() - Date.now()),
    );
    timer.unref?.();
    timers.add(timer);
  }

  async function settleDue(until: Date | null): Promise<number> {
    const settled = await inTransaction(db, async (tx) => {
      const pending = await tx
        .select({ t: sandboxTransfers, a: sandboxLinkedAccounts })
        .from(sandboxTransfers)
        .innerJoin(sandboxLinkedAccounts, eq(sandboxLinkedAccounts.id, sandboxTransfers.accountId))
        .where(eq(sandboxTransfers.status, 'pending'))
        .for('update', { of: sandboxTransfers, skipLocked: true });
      let n = 0;
      const now = new Date();
      for (const { t, a } of pending) {
        if (until && t.settleAt && t.settleAt > until) continue;
        const fails =
          a.method === 'upi'
            ? a.upiId === SANDBOX_PAYOUT_FAILURES.upiId
            : (a.accountNumber ?? '').endsWith(SANDBOX_PAYOUT_FAILURES.accountSuffix);
        const reason = fails ? REASONS[a.method] : null;
        const status = fails ? 'failed' : 'processed';
        await tx.update(sandboxTransfers).set({ status, reason, settledAt: now }).where(eq(sandboxTransfers.id, t.id));
        await gateway.oweWebhook(
          tx,
          `transfer.${status}`,
          'transfer',
          {
            id: t.id,
            entity: 'transfer',
            status,
            recipient: t.accountId,
            amount: t.amountPaise,
            currency: 'INR',
            notes: { payout_id: t.idempotencyKey },
            utr: fails ? null : sandboxUtr(t.id),
            error: fails ? { code: 'BAD_REQUEST_ERROR', description: reason, reason: 'beneficiary_invalid' } : null,
            processed_at: Math.floor(now.getTime() / 1000),
          },
          now,
        );
        n++;
      }
      return n;
    });
    if (settled > 0) await gateway.deliverDue();
    return settled;
  }

  /**
   * Payout links, kept in the memory of the process that made them, by idempotency key (like the sandbox's refunds:
   * one issued when the process stops stays issued); each one's outcome is a signed `payout_link.*` webhook.
   */
  const links = new Map<string, GatewayPayoutLink & { amountPaise: number; key: string }>();
  async function settleLinks(outcome: 'processed' | 'rejected', only?: string): Promise<number> {
    const now = new Date();
    let n = 0;
    for (const link of links.values()) {
      if (link.status !== 'issued' || (only && link.key !== only)) continue;
      link.status = outcome;
      await gateway.oweWebhook(
        db,
        `payout_link.${outcome}`,
        'payout_link',
        {
          id: link.id,
          entity: 'payout_link',
          status: outcome,
          amount: link.amountPaise,
          currency: 'INR',
          purpose: 'refund',
          receipt: link.key,
          short_url: link.url,
          notes: { compensation_id: link.key },
        },
        now,
      );
      n++;
    }
    if (n > 0) await gateway.deliverDue();
    return n;
  }

  return {
    provider: 'sandbox',
    async payoutLink(request) {
      const known = links.get(request.idempotencyKey);
      if (known) return { id: known.id, url: known.url, status: known.status };
      const id = gatewayId('poutlk');
      const link = {
        id,
        url: `https://rzp.io/i/${id.slice(7)}`,
        status: 'issued' as const,
        amountPaise: request.amountPaise,
        key: request.idempotencyKey,
      };
      links.set(request.idempotencyKey, link);
      if (cfg.transferDelayMs !== undefined && !stopped) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          settleLinks('processed', link.key).catch((err: unknown) => log?.(err));
        }, cfg.transferDelayMs);
        timer.unref?.();
        timers.add(timer);
      }
      return { id: link.id, url: link.url, status: link.status };
    },
    settlePayoutLinks: (outcome = 'processed') => settleLinks(outcome),
    async checkAccount({ account, legalName }) {
      if (account.method === 'upi' && account.upiId.toLowerCase() === SANDBOX_PAYOUT_FAILURES.upiId)
        return { valid: false, reason: REASONS.upi };
      return { valid: true, registeredName: account.method === 'bank' ? account.holder : legalName };
    },
    async createLinkedAccount(input) {
      const id = gatewayId('acc');
      await db.insert(sandboxLinkedAccounts).values({
        id,
        reference: input.reference,
        legalName: input.legalName,
        method: input.account.method,
        ifsc: input.account.method === 'bank' ? input.account.ifsc : null,
        accountNumber: input.account.method === 'bank' ? input.account.accountNumber : null,
        upiId: input.account.method === 'upi' ? input.account.upiId : null,
      });
      return { id };
    },
    async transfer(request): Promise<GatewayTransfer> {
      const settleAt = cfg.transferDelayMs === undefined ? null : new Date(Date.now() + cfg.transferDelayMs);
      const [made] = await db
        .insert(sandboxTransfers)
        .values({
          id: gatewayId('trf'),
          idempotencyKey: request.idempotencyKey,
          accountId: request.accountId,
          amountPaise: request.amountPaise,
          status: 'pending',
          settleAt,
        })
        .onConflictDoNothing()
        .returning();
      const [t] = made
        ? [made]
        : await db.select().from(sandboxTransfers).where(eq(sandboxTransfers.idempotencyKey, request.idempotencyKey));
      if (!t) throw new Error('the sandbox lost a transfer');
      if (made && settleAt) later(settleAt);
      return { id: t.id, status: t.status, failureReason: t.reason, utr: t.status === 'processed' ? sandboxUtr(t.id) : null };
    },
    readWebhook: (rawBody, headers) => readPayoutWebhook(rawBody, headers, (b, s) => gateway.verifyWebhook(b, s)),
    settleTransfers: () => settleDue(null),
    async resume() {
      const rows = await db
        .select({ settleAt: sandboxTransfers.settleAt })
        .from(sandboxTransfers)
        .where(and(eq(sandboxTransfers.status, 'pending'), isNotNull(sandboxTransfers.settleAt)));
      for (const r of rows) if (r.settleAt) later(r.settleAt);
    },
    stop() {
      stopped = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
  };
}
