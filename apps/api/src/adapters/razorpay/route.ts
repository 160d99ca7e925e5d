import { z } from 'zod';
import {
  type AccountCheck,
  type AccountCheckInput,
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

/** A fund-account validation (RazorpayX), as far as it is read. */
const Validation = z
  .object({
    id: lenient(z.string()),
    status: lenient(z.string()),
    results: lenient(
      z.object({ account_status: lenient(z.string().nullable()), registered_name: lenient(z.string().nullable()) }),
    ),
  })
  .catch({});
/** What the owner is told when Razorpay's validation finds the account can not receive money. */
export const ACCOUNT_INVALID = {
  bank: 'The bank says this account can not receive money: check the IFSC and the account number',
  upi: 'This UPI id does not exist or can not receive money',
} as const;

/**
 * Checks an owner's account by RazorpayX's fund-account validation (`POST /v1/fund_accounts/validations`, from the
 * platform's account number: a rupee to a bank account, or the UPI id looked up). A refused request is refused with
 * Razorpay's words; an account found invalid with ours; one whose validation has not completed is read once more,
 * then taken (a transfer to it says why it fails). Without a RazorpayX account number nothing can be checked here.
 */
export async function checkAccount(
  call: Call,
  accountNumber: string | undefined,
  input: AccountCheckInput,
): Promise<AccountCheck> {
  if (!accountNumber) return { valid: true, registeredName: null };
  const { account } = input;
  const contact = { name: input.legalName, email: input.email, type: 'vendor', reference_id: input.reference.slice(0, 40) };
  const fundAccount =
    account.method === 'bank'
      ? {
          account_type: 'bank_account',
          bank_account: { name: account.holder, ifsc: account.ifsc, account_number: account.accountNumber },
          contact,
        }
      : { account_type: 'vpa', vpa: { address: account.upiId }, contact };
  const res = await call('POST', '/v1/fund_accounts/validations', {
    body: {
      account_number: accountNumber,
      fund_account: fundAccount,
      ...(account.method === 'bank' ? { amount: 100, currency: 'INR' } : {}),
      notes: { owner: input.reference },
    },
  });
  if (res.status >= 400 && res.status < 500)
    return { valid: false, reason: ErrorAnswer.parse(res.body).error?.description ?? `Razorpay answered ${res.status}` };
  if (!res.ok) throw new Error(`Razorpay answered ${res.status}`);
  let validation = Validation.parse(res.body);
  if (validation.status !== 'completed' && validation.id) {
    const again = await call('GET', `/v1/fund_accounts/validations/${encodeURIComponent(validation.id)}`);
    if (again.ok) validation = Validation.parse(again.body);
  }
  if (validation.status === 'completed' && validation.results?.account_status === 'invalid')
    return { valid: false, reason: ACCOUNT_INVALID[account.method] };
  return { valid: true, registeredName: validation.results?.registered_name ?? null };
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
  if ('refused' in t) return { id: `refused_${request.idempotencyKey}`, status: 'failed', failureReason: t.refused, utr: null };
  const status = t.status === 'processed' ? 'processed' : t.status === 'failed' ? 'failed' : 'pending';
  return {
    id: t.id ?? `refused_${request.idempotencyKey}`,
    status,
    failureReason: status === 'failed' ? (t.error?.description ?? 'Refused by Razorpay') : null,
    utr: null,
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
