import { type Capability, roleMay } from '@repo/shared/domain/staff';
import type { AdminMeDto } from '@repo/shared/schemas/staff';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useToken } from '@/lib/auth';
import { queryKeys } from '@/lib/query-keys';
import { decodeToken } from '@/lib/token-storage';

/**
 * The signed-in admin with `isPlatform` (GET /api/admin/me): a stay owner, and whether they run the platform too; or a
 * stay owner's staff member, with their role and stays (`staff`, ADR 066).
 */
export function getAdminMe(signal?: AbortSignal): Promise<AdminMeDto> {
  return api<AdminMeDto>('/admin/me', { auth: 'admin', signal });
}

/** Keyed by the sign-in (the token's user id, or the token), so another admin's sign-in never shows this one's role. */
export function getAdminMeQueryOptions(session: string | null) {
  return queryOptions({
    queryKey: queryKeys.admin.me.session(session ?? 'anonymous'),
    queryFn: ({ signal }) => getAdminMe(signal),
    enabled: Boolean(session),
    staleTime: 60_000,
  });
}

/** The current admin, loaded whenever an admin token is stored. Only hides UI: the API decides. */
export function useAdminMe() {
  const token = useToken('admin');
  const session = token ? (decodeToken(token)?.id ?? token) : null;
  return useQuery(getAdminMeQueryOptions(session));
}

/**
 * What the signed-in person may do in the admin area (ADR 066): `owner` for a stay owner (or the platform), else the
 * staff member's role; `may(capability)` is false for what their role does not allow (and while unknown). Only hides
 * UI: the API decides.
 */
export function useAdminRole() {
  const me = useAdminMe();
  const staff = me.data?.staff ?? null;
  const known = me.data !== undefined;
  return {
    known,
    staff,
    isOwner: known && staff === null,
    may: (capability: Capability) => known && (staff === null || roleMay(staff.role, capability)),
  };
}
