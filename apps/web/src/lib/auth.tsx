import { useSyncExternalStore } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { type Area, decodeToken, tokenStorage } from './token-storage';

/** The stored token of an area; re-renders when it changes (also from another tab). */
export function useToken(area: Area): string | null {
  return useSyncExternalStore(
    tokenStorage.subscribe,
    () => tokenStorage.get(area),
    () => null,
  );
}

/** The signed-in user's claims read from the stored token (id, names, email, mobile), or null. */
export function useTokenUser(area: Area) {
  const token = useToken(area);
  return token ? decodeToken(token) : null;
}

/** Guard: guest pages need a stored loginToken, else go to /. Only hides UI; the API decides. */
export function RequireGuest() {
  const token = useToken('guest');
  const location = useLocation();
  if (!token) return <Navigate to={paths.home.getHref()} replace state={{ from: location.pathname }} />;
  return <Outlet />;
}

/** Guard: admin pages need a stored adminLoginToken, else go to /admin. */
export function RequireAdmin() {
  const token = useToken('admin');
  if (!token) return <Navigate to={paths.admin.login.getHref()} replace />;
  return <Outlet />;
}
