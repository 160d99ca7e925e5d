import { vi } from 'vitest';

export type MockRequest = { method: string; path: string; url: URL; body: unknown; headers: Headers };
export type MockReply = { status?: number; body?: unknown };
export type MockHandler = MockReply | ((req: MockRequest) => MockReply | Promise<MockReply>);

/** Requests no handler answered, across the current test; setup-tests fails the test when any is left. */
export const unhandledRequests: string[] = [];

/**
 * Replaces fetch with a table of handlers keyed 'METHOD /api/path' (the path without the query string).
 * Every request is recorded in `calls`; an unknown request is recorded as unhandled and fails the test.
 */
export function mockApi(handlers: Record<string, MockHandler>) {
  const calls: MockRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    const method = (init?.method ?? 'GET').toUpperCase();
    const headers = new Headers(init?.headers);
    const raw = init?.body;
    const body = typeof raw === 'string' ? JSON.parse(raw) : raw;
    const req: MockRequest = { method, path: url.pathname, url, body, headers };
    calls.push(req);
    const handler = handlers[`${method} ${url.pathname}`];
    if (!handler) {
      unhandledRequests.push(`${method} ${url.pathname}`);
      throw new TypeError(`Unhandled request ${method} ${url.pathname}`);
    }
    const reply = typeof handler === 'function' ? await handler(req) : handler;
    const status = reply.status ?? 200;
    if (status === 204) return new Response(null, { status });
    return new Response(JSON.stringify(reply.body ?? {}), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    /** The recorded requests to one 'METHOD /api/path'. */
    callsTo: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key),
  };
}
