import { STORAGE_KEYS } from '@repo/shared/constants/domain';

export type Area = 'guest' | 'admin';
const key = (area: Area) => (area === 'admin' ? STORAGE_KEYS.adminToken : STORAGE_KEYS.guestToken);

/** Login tokens live in localStorage under the spec's keys (loginToken / adminLoginToken). */
export const tokenStorage = {
  get(area: Area): string | null {
    try {
      return localStorage.getItem(key(area));
    } catch {
      return null;
    }
  },
  set(area: Area, token: string) {
    localStorage.setItem(key(area), token);
    notify();
  },
  clear(area: Area) {
    localStorage.removeItem(key(area));
    notify();
  },
  /** Logout clears all locally stored browser data. */
  clearAll() {
    localStorage.clear();
    sessionStorage.clear();
    notify();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    const onStorage = (e: StorageEvent) => {
      if (e.key === null || e.key === STORAGE_KEYS.guestToken || e.key === STORAGE_KEYS.adminToken) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  },
};

const listeners = new Set<() => void>();
function notify() {
  for (const l of listeners) l();
}

/** The claims inside a token (id, firstName, lastName, email, mobile), read without verifying. */
export function decodeToken(
  token: string | null,
): { id: string; firstName: string; lastName: string; email: string; mobile: string; exp?: number } | null {
  if (!token) return null;
  try {
    const part = token.split('.')[1];
    if (!part) return null;
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const claims = JSON.parse(decodeURIComponent(escape(json)));
    if (typeof claims?.id !== 'string') return null;
    if (typeof claims.exp === 'number' && claims.exp * 1000 < Date.now()) return null;
    return claims;
  } catch {
    return null;
  }
}
