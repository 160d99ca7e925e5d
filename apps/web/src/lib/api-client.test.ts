import { EARLY_REQUEST_GLOBAL, type EarlyRequest } from '@repo/shared/constants/early-request';
import { STORAGE_KEYS } from '@repo/shared/constants/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from './api-client';

const holder = window as unknown as Record<string, EarlyRequest | undefined>;
const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

describe('api: the request the page already made (EARLY_REQUEST_SCRIPT)', () => {
  const fetchMock = vi.fn(async () => json({ from: 'server' }));

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    localStorage.setItem(STORAGE_KEYS.guestToken, 'token-1');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockClear();
    localStorage.clear();
    holder[EARLY_REQUEST_GLOBAL] = undefined;
  });

  it('takes its answer for the same path and token, once', async () => {
    holder[EARLY_REQUEST_GLOBAL] = { url: '/api/stays/s1', token: 'token-1', response: Promise.resolve(json({ from: 'page' })) };
    expect(await api('/stays/s1', { auth: 'guest' })).toEqual({ from: 'page' });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await api('/stays/s1', { auth: 'guest' })).toEqual({ from: 'server' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('asks the server when the path or the token differs', async () => {
    holder[EARLY_REQUEST_GLOBAL] = {
      url: '/api/stays/s1',
      token: 'old-token',
      response: Promise.resolve(json({ from: 'page' })),
    };
    expect(await api('/stays/s1', { auth: 'guest' })).toEqual({ from: 'server' });
    holder[EARLY_REQUEST_GLOBAL] = { url: '/api/stays/s1', token: 'token-1', response: Promise.resolve(json({ from: 'page' })) };
    expect(await api('/stays/s2', { auth: 'guest' })).toEqual({ from: 'server' });
    expect(await api('/stays/s1', { auth: false })).toEqual({ from: 'server' });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('reports a 401 from the early answer like any other', async () => {
    holder[EARLY_REQUEST_GLOBAL] = {
      url: '/api/stays/s1',
      token: 'token-1',
      response: Promise.resolve(new Response(JSON.stringify({ message: 'Unauthorized' }), { status: 401 })),
    };
    await expect(api('/stays/s1', { auth: 'guest' })).rejects.toMatchObject({ status: 401 });
  });
});
