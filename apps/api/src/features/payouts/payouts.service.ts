import {
  PAYOUT_MSG,
  type PayoutAccountInput,
  type PayoutProfileDto,
  type PayoutProfileInput,
} from '@repo/shared/schemas/payouts';
import { z } from 'zod';
import { inTransaction } from '#src/db/client.ts';
import { badRequest, fieldError } from '#src/lib/errors.ts';
import type { Deps } from '#src/platform/deps.ts';
import type { WebhookHeaders } from '#src/platform/payments/gateway.ts';
import { LinkedAccountRefused } from '#src/platform/payouts/gateway.ts';
import { withOutbox } from '#src/platform/outbox.ts';
import { settleCompensationPayout } from './compensation-payouts.ts';
import * as repo from './payouts.repository.ts';

type PayoutDeps = Pick<Deps, 'db' | 'payouts' | 'log' | 'clock'>;

/** A failed payout is tried again after 1 h, then twice as long each time (at most a day). */
export const PAYOUT_RETRY = { firstMs: 60 * 60_000, maxMs: 24 * 60 * 60_000 } as const;
export const retryAt = (failedAt: Date, attempt: number) =>
  new Date(failedAt.getTime() + Math.min(PAYOUT_RETRY.firstMs * 2 ** (attempt - 1), PAYOUT_RETRY.maxMs));

/** 'HDFC0001234 · XXXXXX4321' or 'ra****@okaxis': what is shown of an account. */
export function maskedAccount(a: Pick<repo.PayoutAccountRow, 'method' | 'ifsc' | 'accountLast4' | 'upiId'>) {
  if (a.method === 'bank') return `${a.ifsc} · XXXXXX${a.accountLast4}`;
  const [name = '', host = ''] = (a.upiId ?? '').split('@');
  return `${name.slice(0, 2)}${'*'.repeat(Math.max(2, name.length - 2))}@${host}`;
}

export async function payoutProfile(deps: Pick<Deps, 'db'>, ownerId: string): Promise<PayoutProfileDto | null> {
  const profile = await repo.profileOf(deps.db, ownerId);
  if (!profile) return null;
  const account = await repo.currentAccount(deps.db, ownerId);
  return {
    legalName: profile.legalName,
    pan: profile.pan,
    holderType: (profile.holderType as PayoutProfileDto['holderType']) ?? null,
    stateCode: profile.stateCode,
    account: account
      ? {
          method: account.method,
          masked: maskedAccount(account),
          holder: account.holder,
          addedAt: account.createdAt.toISOString(),
        }
      : null,
  };
}

const sameAccount = (a: repo.PayoutAccountRow, b: PayoutAccountInput) =>
  b.method === 'bank'
    ? a.method === 'bank' && a.ifsc === b.ifsc && a.accountLast4 === b.accountNumber.slice(-4) && a.holder === b.accountHolder
    : a.method === 'upi' && a.upiId === b.upiId;

/**
 * Saves who the owner is and where they are paid. A new account is checked by the gateway first (as Razorpay's
 * fund-account validation does: one that can not receive money is a 400 on the account with the gateway's words,
 * and nothing is saved), then becomes a linked account there (refused alike), then a new row; payouts that failed
 * wait for it no longer.
 */
export async function savePayoutProfile(deps: PayoutDeps, ownerId: string, input: z.output<typeof PayoutProfileInput>) {
  const email = await repo.emailOf(deps.db, ownerId);
  if (email === undefined) throw badRequest();
  const existing = await repo.currentAccount(deps.db, ownerId);
  let linkedAccountId: string | null = null;
  if (!existing || !sameAccount(existing, input.account)) {
    const details = {
      reference: ownerId,
      legalName: input.legalName,
      email,
      account:
        input.account.method === 'bank'
          ? {
              method: 'bank' as const,
              ifsc: input.account.ifsc,
              accountNumber: input.account.accountNumber,
              holder: input.account.accountHolder,
            }
          : { method: 'upi' as const, upiId: input.account.upiId },
    };
    const check = await deps.payouts.checkAccount(details);
    if (!check.valid) throw fieldError('account', check.reason);
    try {
      linkedAccountId = (await deps.payouts.createLinkedAccount(details)).id;
    } catch (err) {
      if (err instanceof LinkedAccountRefused) throw fieldError('account', err.description);
      throw err;
    }
  }
  const who = { legalName: input.legalName, pan: input.pan, holderType: input.holderType, stateCode: input.stateCode };
  await inTransaction(deps.db, async (tx) => {
    await repo.saveProfile(tx, ownerId, who);
    if (linkedAccountId)
      await repo.insertAccount(tx, {
        ownerId,
        method: input.account.method,
        ifsc: input.account.method === 'bank' ? input.account.ifsc : null,
        accountLast4: input.account.method === 'bank' ? input.account.accountNumber.slice(-4) : null,
        holder: input.account.method === 'bank' ? input.account.accountHolder : null,
        upiId: input.account.method === 'upi' ? input.account.upiId : null,
        linkedAccountId,
      });
  });
  return payoutProfile(deps, ownerId);
}

export const profileIncomplete = () => badRequest(PAYOUT_MSG.profileMissing);

/**
 * Asks the gateway for every payout due: a settlement with a payable balance and no payout requested or processed,
 * whose owner has an account, and whose last attempt failed long enough ago (or before the owner's current account
 * was added). The payout row is written first (its id is the transfer's idempotency key; at most one live per
 * settlement, by a unique index), then the transfer is asked for; a transfer asked for before and never answered
 * (a process that died, a timeout) is asked again with the same key. Returns how many transfers it asked for, and
 * how many of them were failed payouts tried again.
 */
export async function requestDuePayouts(deps: PayoutDeps, ownerId?: string) {
  const now = deps.clock.now();
  const rows = await repo.settlementsOwed(deps.db, ownerId);
  let asked = 0;
  let retried = 0;
  for (const r of rows) {
    const attempts = Number(r.attempts ?? 0);
    if (attempts > 0 && r.failed_at) {
      const failedAt = new Date(r.failed_at);
      const newAccount = new Date(r.account_at) > failedAt;
      if (!newAccount && retryAt(failedAt, attempts) > now) continue;
    }
    const payout = await repo.insertPayout(deps.db, {
      settlementId: r.settlement_id,
      ownerId: r.owner_id,
      accountId: r.account_id,
      amountPaise: Number(r.payable_paise),
      attempt: attempts + 1,
    });
    if (!payout) continue;
    await askTransfer(deps, payout);
    asked++;
    if (attempts > 0) retried++;
  }
  // Transfers asked for more than a minute ago with no answer from the gateway: asked again, same key.
  const stale = await repo.unansweredTransfers(deps.db, new Date(now.getTime() - 60_000));
  for (const p of stale) await askTransfer(deps, p);
  return { asked, retried };
}

async function askTransfer(deps: PayoutDeps, payout: repo.PayoutRow) {
  const account = await repo.accountById(deps.db, payout.accountId);
  if (!account) return;
  try {
    const t = await deps.payouts.transfer({
      idempotencyKey: payout.id,
      accountId: account.linkedAccountId,
      amountPaise: payout.amountPaise,
      notes: { payout_id: payout.id, settlement_id: payout.settlementId },
    });
    await repo.recordTransferId(deps.db, payout.id, t.id);
    if (t.status !== 'pending')
      await settlePayout(deps, { payoutId: payout.id, status: t.status, reason: t.failureReason, utr: t.utr });
  } catch (err) {
    deps.log.warn({ err, payoutId: payout.id }, 'a payout transfer could not be asked for; it is asked again later');
  }
}

/** A payout's outcome, once: a requested payout becomes processed or failed; any later word changes nothing. */
export async function settlePayout(
  deps: Pick<Deps, 'db' | 'clock'>,
  outcome: { payoutId: string; status: 'processed' | 'failed'; reason: string | null; transferId?: string; utr?: string | null },
) {
  const row = await repo.endPayout(deps.db, outcome, deps.clock.now());
  return row ? 'applied' : 'duplicate';
}

/**
 * POST /api/payouts/webhook, read by the payout gateway: a transfer's outcome, or the end of a guest's payout link.
 * A webhook it refuses (unsigned, malformed) is a 400 and changes nothing; another event is ignored; a repeat
 * changes nothing.
 */
export async function applyTransferWebhook(
  deps: Pick<Deps, 'db' | 'clock' | 'payouts' | 'outbox'>,
  raw: Buffer,
  headers: WebhookHeaders,
) {
  const read = deps.payouts.readWebhook(raw, headers);
  if ('refused' in read) throw badRequest(read.refused === 'signature' ? 'Invalid webhook signature' : 'Malformed webhook');
  const { event } = read;
  if (event.kind === 'payout-link') {
    const status = await withOutbox(deps, (tx, emit) => settleCompensationPayout(tx, emit, event.linkId, event.status));
    return { status };
  }
  if (event.kind !== 'transfer') return { status: 'ignored' as const };
  const { notes } = event;
  const byNote = typeof notes.payout_id === 'string' && z.uuid().safeParse(notes.payout_id).success ? notes.payout_id : null;
  const payout = byNote ? await repo.payoutById(deps.db, byNote) : await repo.payoutByTransfer(deps.db, event.transferId);
  if (!payout) return { status: 'ignored' as const };
  const result = await settlePayout(deps, {
    payoutId: payout.id,
    status: event.status,
    reason: event.failureReason,
    transferId: event.transferId,
    utr: event.utr,
  });
  return { status: result };
}
