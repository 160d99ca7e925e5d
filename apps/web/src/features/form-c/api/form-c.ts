import type { FormCFull, FormCInput, FormCList, FormCSummary } from '@repo/shared/schemas/form-c';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { download } from '@/features/owner';
import { api } from '@/lib/api-client';

/** Form C's queries: saving or marking one refreshes them all (the booking's, the lists, the dashboard's counts). */
const keys = {
  all: ['admin', 'form-c'] as const,
  list: (state: string, page: number) => ['admin', 'form-c', 'list', state, page] as const,
  ofBooking: (bookingId: string) => ['admin', 'form-c', 'booking', bookingId] as const,
  one: (id: string) => ['admin', 'form-c', 'one', id] as const,
};

/** The owner's reports: open ones (not yet submitted) or all, with the open and overdue counts. */
export const useFormCList = (state: 'open' | 'all', page = 1) =>
  useQuery({
    queryKey: keys.list(state, page),
    queryFn: ({ signal }) => api<FormCList>('/admin/form-c', { auth: 'admin', query: { state, page }, signal }),
    placeholderData: keepPreviousData,
  });

export const useBookingFormC = (bookingId: string) =>
  useQuery({
    queryKey: keys.ofBooking(bookingId),
    queryFn: ({ signal }) => api<{ reports: FormCSummary[] }>(`/admin/bookings/${bookingId}/form-c`, { auth: 'admin', signal }),
    select: (data) => data.reports,
  });

/** One report whole (its details), for printing and correcting. */
export const useFullFormC = (id: string | null) =>
  useQuery({
    queryKey: keys.one(id ?? ''),
    queryFn: ({ signal }) => api<FormCFull>(`/admin/form-c/${id}`, { auth: 'admin', signal }),
    enabled: id !== null,
    // The details are personal data: never kept once the screen that showed them is gone.
    gcTime: 0,
  });

/** Records a new report on a booking, or corrects one (`id`). */
export function useSaveFormC(bookingId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: FormCInput }) =>
      id
        ? api<{ report: FormCSummary }>(`/admin/form-c/${id}`, { auth: 'admin', method: 'PUT', body })
        : api<{ report: FormCSummary }>(`/admin/bookings/${bookingId}/form-c`, { auth: 'admin', method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useMarkSubmitted() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reference }: { id: string; reference: string }) =>
      api<{ report: FormCSummary }>(`/admin/form-c/${id}/submitted`, {
        auth: 'admin',
        method: 'POST',
        body: { reference },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

/** Downloads one report as its CSV file. */
export const useDownloadFormC = () =>
  useMutation({
    mutationFn: (id: string) => download(`/admin/form-c/${id}/csv`, { auth: 'admin', fallbackName: 'form-c.csv' }),
  });
