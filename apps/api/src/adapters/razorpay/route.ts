import { z } from 'zod';
import {
  type GatewayPayoutLink,
  type GatewayTransfer,
  LinkedAccountRefused,
  type LinkedAccountInput,
  type PayoutLinkRequest,
  type TransferRequest,
} from '#src/platform/payouts/gateway.ts';
import { type Call, ErrorAnswer, lenient } from './client.ts';

const LINK_STATUSES = ['issued', 'processed', 'cancelled', 'expired', 'rejected'] as const;

/** An entity Route or RazorpayX answers (account, product, transfer, payout link), as far as it is read. */
const Entity = z
  .object({
    id: lenient(z.string()),
    status: lenient(z.string()),
    short_url: lenient(z.string()),
    error: lenient(z.object({ description: lenient(z.string()) })),
  })
  .catch({});
const LinkList = z
  .object({
    items: z.array(
      z.object({ id: z.string(), receipt: z.string().nullish(), status: lenient(z.string()), short_url: lenient(z.string()) }),
    ),
  })
  .catch({ items: [] });

/** A call whose 4xx is Razorpay refusing the request (its words), and any other failure an error (asked again). */
async function ask(call: Call, method: 'POST' | 'PATCH', path: string, body: unknown, headers?: Record<string, string>) {
  const res = await call(method, path, { body, ...(headers && { headers }) });
  if (res.status >= 400 && res.status < 500)
    throw new LinkedAccountRefused(ErrorAnswer.parse(res.body).error?.description ?? `Razorpay answered ${res.status}`);
  if (!res.ok) throw new Error(`Razorpay answered ${res.status}`);
  return Entity.parse(res.body);
}

/**
 * A linked account for an owner's bank account: `POST /v2/accounts` (type route), its stakeholder, the `route`
 * product, and the bank account as the product's settlement. Route settles to bank accounts only: a UPI id is
 * refused with words the owner can act on.
 */
export async function createLinkedAccount(call: Call, input: LinkedAccountInput): Promise<{ id: string }> {
  if (input.account.method !== 'bank')
    throw new LinkedAccountRefused('Payouts through Razorpay Route go to a bank account: add one instead of a UPI id');
  const account = await ask(call, 'POST', '/v2/accounts', {
    email: input.email,
    type: 'route',
    reference_id: input.reference.slice(0, 20),
    legal_business_name: input.legalName,
    business_type: 'individual',
    contact_name: input.legalName,
    profile: { category: 'housing', subcategory: 'accommodation' },
  });
  if (!account.id) throw new Error('Razorpay answered no account id');
  const at = `/v2/accounts/${encodeURIComponent(account.id)}`;
  await ask(call, 'POST', `${at}/stakeholders`, { name: input.legalName, email: input.email });
  const product = await ask(call, 'POST', `${at}/products`, { product_name: 'route', tnc_accepted: true });
  if (!product.id) throw new Error('Razorpay answered no product id');
  await ask(call, 'PATCH', `${at}/products/${encodeURIComponent(product.id)}`, {
    settlements: {
      account_number: input.account.accountNumber,
      ifsc_code: input.account.ifsc,
      beneficiary_name: input.account.holder,
    },
    tnc_accepted: true,
  });
  return { id: account.id };
}

/**
 * A direct transfer from the platform's balance, `POST /v1/transfers`, idempotent per `X-Transfer-Idempotency`. A
 * refused one (4xx) is failed with Razorpay's words; anything else throws and is asked again later.
 */
export async function transfer(call: Call, request: TransferRequest): Promise<GatewayTransfer> {
  const t = await ask(
    call,
    'POST',
    '/v1/transfers',
    { account: request.accountId, amount: request.amountPaise, currency: 'INR', notes: request.notes },
    { 'X-Transfer-Idempotency': request.idempotencyKey },
  ).catch((err: unknown) => {
    if (err instanceof LinkedAccountRefused) return { refused: err.description };
    throw err;
  });
  if ('refused' in t) return { id: `refused_${request.idempotencyKey}`, status: 'failed', failureReason: t.refused };
  const status = t.status === 'processed' ? 'processed' : t.status === 'failed' ? 'failed' : 'pending';
  return {
    id: t.id ?? `refused_${request.idempotencyKey}`,
    status,
    failureReason: status === 'failed' ? (t.error?.description ?? 'Refused by Razorpay') : null,
  };
}

/**
 * A payout link (RazorpayX, `POST /v1/payout-links`) paid from the platform's account number. Payout links take no
 * idempotency header (only payouts do): a link already made under this key (asked for before a timeout or a crash)
 * is found by its receipt first.
 */
export async function payoutLink(
  call: Call,
  accountNumber: string | undefined,
  request: PayoutLinkRequest,
): Promise<GatewayPayoutLink> {
  if (!accountNumber) throw new Error('RAZORPAYX_ACCOUNT_NUMBER is not set: payout links can not be made');
  const listed = await call('GET', `/v1/payout-links?receipt=${encodeURIComponent(request.idempotencyKey)}&count=100`);
  if (!listed.ok) throw new Error(`Razorpay answered ${listed.status}`);
  const known = LinkList.parse(listed.body).items.find((l) => l.receipt === request.idempotencyKey);
  const link =
    known ??
    (await ask(call, 'POST', '/v1/payout-links', {
      account_number: accountNumber,
      contact: { name: request.contact.name, email: request.contact.email, contact: request.contact.mobile, type: 'customer' },
      amount: request.amountPaise,
      currency: 'INR',
      purpose: 'refund',
      description: request.description.slice(0, 255),
      receipt: request.idempotencyKey,
      send_sms: true,
      send_email: true,
      notes: { compensation_id: request.idempotencyKey },
    }));
  if (!link.id || !link.short_url) throw new Error('Razorpay answered no payout link');
  const status = LINK_STATUSES.find((s) => s === link.status) ?? 'issued';
  return { id: link.id, url: link.short_url, status };
}
