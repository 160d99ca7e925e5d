import { EARLY_REQUEST_GLOBAL, type EarlyRequest } from '@repo/shared/constants/early-request';
import { API_MSG } from '@repo/shared/constants/messages';
import { type Area, tokenStorage } from './token-storage';

/** An error answer of the API: its message (shown in toasts), status, code and per-field messages. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The generic client error text, when the server gave no message. */
export const GENERIC_ERROR = 'Something went wrong. Please check your connection and try again';

type Options = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null | readonly string[]>;
  /** Whose token to send: the guest's, the admin's, or none. */
  auth?: Area | false;
  signal?: AbortSignal;
  /** 'blob': a successful answer is a file (a PDF), returned as a Blob; errors are still JSON. */
  as?: 'json' | 'blob';
};

let onUnauthorized: (area: Area) => void = () => {};
/** Called when a request with a token gets 401: the app clears that token and returns to the right login. */
export function setUnauthorizedHandler(handler: (area: Area) => void) {
  onUnauthorized = handler;
}

declare global {
  interface Window {
    /** Set by the page's inline script (EARLY_REQUEST_SCRIPT), taken by the first request for it. */
    [EARLY_REQUEST_GLOBAL]?: EarlyRequest | undefined;
  }
}

/**
 * The answer the page's inline script already asked for (EARLY_REQUEST_SCRIPT), when it is for this very path and
 * token: taken once, so any later request for it goes to the server.
 */
function takeEarlyRequest(path: string, token: string | undefined): Promise<Response> | undefined {
  const early = window[EARLY_REQUEST_GLOBAL];
  if (!early || early.url !== path || early.token !== token) return undefined;
  window[EARLY_REQUEST_GLOBAL] = undefined;
  return early.response;
}

/** The one fetch wrapper: JSON in and out (FormData as multipart), the Bearer token, errors as ApiError. */
export async function api<T>(path: string, opts: Options = {}): Promise<T> {
  const url = new URL(`/api${path}`, window.location.origin);
  for (const [k, v] of Object.entries(opts.query ?? {})) {
    if (v === undefined || v === null || v === '') continue;
    url.searchParams.set(k, Array.isArray(v) ? v.join(',') : String(v));
  }
  const headers: Record<string, string> = { accept: opts.as === 'blob' ? '*/*' : 'application/json' };
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const area = opts.auth;
  const token = area ? (tokenStorage.get(area) ?? undefined) : undefined;
  if (token) headers.authorization = `Bearer ${token}`;
  const method = opts.method ?? (body ? 'POST' : 'GET');
  const early = method === 'GET' ? takeEarlyRequest(url.pathname + url.search, token) : undefined;
  let res: Response;
  try {
    res = await (early ?? fetch(url, { method, headers, body, signal: opts.signal }));
  } catch (err) {
    if (err instanceof Error && err.name === 'AbortError') throw err;
    throw new ApiError(GENERIC_ERROR, 0);
  }
  if (res.status === 204) return undefined as T;
  if (res.ok && opts.as === 'blob') return (await res.blob()) as T;
  const data = await res.json().catch(() => undefined);
  if (!res.ok) {
    if (res.status === 401 && area) onUnauthorized(area);
    const message = typeof data?.message === 'string' ? data.message : res.status === 401 ? API_MSG.unauthorized : GENERIC_ERROR;
    throw new ApiError(message, res.status, data?.code, data?.fieldErrors);
  }
  return data as T;
}

/** Tells the app a request with the area's token got 401 (it clears that token and returns to the right login). */
export const reportUnauthorized = (area: Area) => onUnauthorized(area);
