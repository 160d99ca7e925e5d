import { z } from 'zod';
import { hmac, sameSignature } from '../payments/gateway.ts';
import { type GatewayTransfer, LinkedAccountRefused, type PayoutGateway } from './gateway.ts';

const API = 'https://api.razorpay.com';
const LINK_STATUSES = ['issued', 'processed', 'cancelled', 'expired', 'rejected'] as const;
const LinkList = z
  .object({
    items: z.array(
      z.object({
        id: z.string(),
        receipt: z.string().nullish(),
        status: z.string().optional().catch(undefined),
        short_url: z.string().optional().catch(undefined),
      }),
    ),
  })
  .catch({ items: [] });

const Answer = z
  .object({
    id: z.string().optional().catch(undefined),
    status: z.string().optional().catch(undefined),
    short_url: z.string().optional().catch(undefined),
    error: z
      .object({ code: z.string().optional().catch(undefined), description: z.string().optional().catch(undefined) })
      .optional()
      .catch(undefined),
  })
  .catch({});

/**
 * Razorpay Route: linked accounts (`POST /v2/accounts`, its stakeholder, the `route` product with the bank
 * account as its settlement), direct transfers from the platform's balance (`POST /v1/transfers`, idempotent per
 * `X-Transfer-Idempotency`), and the `transfer.processed` / `transfer.failed` webhooks signed with the webhook
 * secret. Route settles to bank accounts only: a UPI id is refused with words the owner can act on. Payout links
 * (`POST /v1/payout-links`, RazorpayX) pay a guest from the platform's account number, one per key (found by its
 * receipt before another is made); their outcome is a signed `payout_link.*` webhook.
 */
export function createRazorpayRoute(cfg: {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** The platform's RazorpayX account that payout links are paid from. */
  accountNumber?: string;
}): PayoutGateway {
  const auth = `Basic ${Buffer.from(`${cfg.keyId}:${cfg.keySecret}`).toString('base64')}`;
  async function call(method: string, path: string, body: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(`${API}${path}`, {
      method,
      headers: { authorization: auth, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    const answer = Answer.parse(await res.json().catch(() => ({})));
    if (res.status >= 400 && res.status < 500)
      throw new LinkedAccountRefused(answer.error?.description ?? `Razorpay answered ${res.status}`);
    if (!res.ok) throw new Error(`Razorpay answered ${res.status}`);
    return answer;
  }
  return {
    provider: 'razorpay',
    async createLinkedAccount(input) {
      if (input.account.method !== 'bank')
        throw new LinkedAccountRefused('Payouts through Razorpay Route go to a bank account: add one instead of a UPI id');
      const account = await call('POST', '/v2/accounts', {
        email: input.email,
        type: 'route',
        reference_id: input.reference.slice(0, 20),
        legal_business_name: input.legalName,
        business_type: 'individual',
        contact_name: input.legalName,
        profile: { category: 'housing', subcategory: 'accommodation' },
      });
      if (!account.id) throw new Error('Razorpay answered no account id');
      await call('POST', `/v2/accounts/${account.id}/stakeholders`, { name: input.legalName, email: input.email });
      const product = await call('POST', `/v2/accounts/${account.id}/products`, { product_name: 'route', tnc_accepted: true });
      await call('PATCH', `/v2/accounts/${account.id}/products/${product.id}`, {
        settlements: {
          account_number: input.account.accountNumber,
          ifsc_code: input.account.ifsc,
          beneficiary_name: input.account.holder,
        },
        tnc_accepted: true,
      });
      return { id: account.id };
    },
    async transfer(request): Promise<GatewayTransfer> {
      const t = await call(
        'POST',
        '/v1/transfers',
        { account: request.accountId, amount: request.amountPaise, currency: 'INR', notes: request.notes },
        { 'X-Transfer-Idempotency': request.idempotencyKey },
      ).catch((err: unknown) => {
        // A refused transfer (4xx) is failed with Razorpay's words; anything else is asked again later.
        if (err instanceof LinkedAccountRefused)
          return { id: undefined, status: 'failed', error: { description: err.description } };
        throw err;
      });
      const status = t.status === 'processed' ? 'processed' : t.status === 'failed' ? 'failed' : 'pending';
      return {
        id: t.id ?? `refused_${request.idempotencyKey}`,
        status,
        failureReason: status === 'failed' ? (t.error?.description ?? 'Refused by Razorpay') : null,
      };
    },
    async payoutLink(request) {
      if (!cfg.accountNumber) throw new Error('RAZORPAYX_ACCOUNT_NUMBER is not set: payout links can not be made');
      // Payout links take no idempotency header (only payouts do): a link already made under this key (asked for
      // before a timeout or a crash) is found by its receipt first.
      const res = await fetch(`${API}/v1/payout-links?receipt=${encodeURIComponent(request.idempotencyKey)}&count=100`, {
        headers: { authorization: auth },
        signal: AbortSignal.timeout(15_000),
      });
      if (!res.ok) throw new Error(`Razorpay answered ${res.status}`);
      const known = LinkList.parse(await res.json().catch(() => ({}))).items.find((l) => l.receipt === request.idempotencyKey);
      const link =
        known ??
        (await call('POST', '/v1/payout-links', {
          account_number: cfg.accountNumber,
          contact: {
            name: request.contact.name,
            email: request.contact.email,
            contact: request.contact.mobile,
            type: 'customer',
          },
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
    },
    verifyWebhook(rawBody, signatureHeader) {
      if (!cfg.webhookSecret) return false;
      return sameSignature(hmac(cfg.webhookSecret, rawBody), signatureHeader);
    },
  };
}
