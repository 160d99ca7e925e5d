import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from './api-client';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

describe('api: a request the page started early', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    delete window.__early;
    localStorage.clear();
  });

  it("answers the guest's GET of its path once, then the app asks again", async () => {
    const fetchMock = vi.fn(async () => json({ from: 'fetch' }));
    vi.stubGlobal('fetch', fetchMock);
    localStorage.setItem('loginToken', 'token');
    window.__early = { '/api/stays/abc': Promise.resolve(json({ from: 'early' })) };
    expect(await api('/stays/abc', { auth: 'guest' })).toEqual({ from: 'early' });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await api('/stays/abc', { auth: 'guest' })).toEqual({ from: 'fetch' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('asks again when the early request failed, and never uses it for another kind of request', async () => {
    const fetchMock = vi.fn(async () => json({ from: 'fetch' }));
    vi.stubGlobal('fetch', fetchMock);
    window.__early = { '/api/stays/abc': Promise.reject(new TypeError('offline')) };
    expect(await api('/stays/abc', { auth: 'guest' })).toEqual({ from: 'fetch' });
    window.__early = { '/api/stays/abc': Promise.resolve(json({ from: 'early' })) };
    expect(await api('/stays/abc', { auth: 'admin' })).toEqual({ from: 'fetch' });
    expect(await api('/stays/abc', { auth: 'guest', query: { page: 2 } })).toEqual({ from: 'fetch' });
    expect(await api('/stays/abc', { auth: 'guest', method: 'POST', body: {} })).toEqual({ from: 'fetch' });
  });
});
