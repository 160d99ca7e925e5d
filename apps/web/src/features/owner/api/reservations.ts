import type { ReservationDto, ReservationsPage } from '@repo/shared/schemas/owner';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { download } from './download';
import { queryKeys } from '@/lib/query-keys';

/** The reservations list's filters as the URL keeps them (empty = not asked). */
export type ReservationFilters = { stayId?: string; status?: string; from?: string; to?: string; q?: string };

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
