import { z } from 'zod';

/** What the Razorpay adapter needs: where its API is, the keys, the webhook secret and the RazorpayX account. */
export type RazorpayConfig = {
  /** Razorpay's API (https://api.razorpay.com), or a stand-in that speaks the same requests. */
  apiUrl: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** It takes UPI collect for this merchant (ADR 052). */
  upiCollect?: boolean;
  /** The platform's RazorpayX account that payout links are paid from. */
  accountNumber?: string;
};

/** A field of another type than the one read counts as absent. */
export const lenient = <T extends z.ZodType>(t: T) => t.optional().catch(undefined);

/** Razorpay's error answer: `{ error: { code, description, … } }`, as far as it is read. */
export const ErrorAnswer = z
  .object({ error: lenient(z.object({ code: lenient(z.string()), description: lenient(z.string()) })) })
  .catch({});

export type Answer = { status: number; ok: boolean; body: unknown };
export type Call = (
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  options?: { body?: unknown; headers?: Record<string, string>; timeoutMs?: number },
) => Promise<Answer>;

/**
 * Razorpay's REST API: JSON both ways, basic auth with the key id and secret, a time limit on every call (15 s
 * unless told). A body that is not JSON is read as `{}`; what the answer means is the caller's to read.
 */
export function razorpayClient(cfg: Pick<RazorpayConfig, 'apiUrl' | 'keyId' | 'keySecret'>): Call {
  const base = cfg.apiUrl.replace(/\/+$/, '');
  const authorization = `Basic ${Buffer.from(`${cfg.keyId}:${cfg.keySecret}`).toString('base64')}`;
  return async (method, path, { body, headers, timeoutMs = 15_000 } = {}) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { status: res.status, ok: res.ok, body: await res.json().catch(() => ({})) };
  };
}
