import type { ReservationDto, ReservationsPage } from '@repo/shared/schemas/owner';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { download } from './download';
import { queryKeys } from '@/lib/query-keys';

/** The reservations list's filters as the URL keeps them (empty = not asked). */
export type ReservationFilters = { stayId?: string; status?: string; from?: string; to?: string; q?: string };

/** The history state of a link out of the reservations list: the list's own address (filters, search, page). */
export type ReservationsListState = { from: string };

/**
 * Where 'Back to reservations' goes: the list as it was when the reservation was opened from it (its address in
 * the history state), else the list as it opens. Nothing but the list's own address is taken.
 */
export function reservationsHrefOf(state: unknown): string {
  const from = state && typeof state === 'object' && 'from' in state ? state.from : null;
  const list = paths.admin.reservations.path;
  return typeof from === 'string' && (from === list || from.startsWith(`${list}?`)) ? from : paths.admin.reservations.getHref();
}

/** One page of the bookings of the admin's stays (GET /api/admin/reservations). */
export const getReservations = (filters: ReservationFilters, page: number, signal?: AbortSignal) =>
  api<ReservationsPage>('/admin/reservations', { auth: 'admin', query: { ...filters, page }, signal });

export const useReservations = (filters: ReservationFilters, page: number) =>
  useQuery({
    queryKey: queryKeys.admin.owner.reservations({ ...filters, page }),
    queryFn: ({ signal }) => getReservations(filters, page, signal),
    placeholderData: keepPreviousData,
  });

/** One booking of the admin's stays (GET /api/admin/reservations/:id). */
export const useReservation = (id: string) =>
  useQuery({
    queryKey: queryKeys.admin.owner.reservation(id),
    queryFn: ({ signal }) => api<{ reservation: ReservationDto }>(`/admin/reservations/${id}`, { auth: 'admin', signal }),
    select: (data) => data.reservation,
  });

/** Downloads the filtered list as CSV (GET /api/admin/reservations/export). */
export const useExportReservations = () =>
  useMutation({
    mutationFn: (filters: ReservationFilters) =>
      download('/admin/reservations/export', { auth: 'admin', query: filters, fallbackName: 'reservations.csv' }),
  });
