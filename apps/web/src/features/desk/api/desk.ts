import type {
  CheckInInput,
  CheckOutInput,
  DeskBookingDto,
  DeskBookingInput,
  DeskDayDto,
  DeskPaymentInput,
  DeskTodayDto,
  HousekeepingDto,
  HousekeepingInput,
} from '@repo/shared/schemas/desk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

type One = { booking: DeskBookingDto };

/** A stay's day at the desk (GET /api/admin/stays/:id/desk). */
export const useDeskDay = (stayId: string) =>
  useQuery({
    queryKey: queryKeys.admin.desk.day(stayId),
    queryFn: ({ signal }) => api<DeskDayDto>(`/admin/stays/${stayId}/desk`, { auth: 'admin', signal }),
  });

/** Today at each of the admin's stays (GET /api/admin/desk/today). */
export const useDeskToday = () =>
  useQuery({
    queryKey: queryKeys.admin.desk.today(),
    queryFn: ({ signal }) => api<DeskTodayDto>('/admin/desk/today', { auth: 'admin', signal }),
  });

/** A stay's rooms as housekeeping works them (GET /api/admin/stays/:id/housekeeping). */
export const useHousekeeping = (stayId: string) =>
  useQuery({
    queryKey: queryKeys.admin.desk.housekeeping(stayId),
    queryFn: ({ signal }) => api<HousekeepingDto>(`/admin/stays/${stayId}/housekeeping`, { auth: 'admin', signal }),
  });

/** After any desk action: the desk, housekeeping, calendars, reservations and figures are read again. */
function useRefresh() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: queryKeys.admin.desk.all }),
      qc.invalidateQueries({ queryKey: queryKeys.admin.owner.all }),
    ]);
}

/** Books rooms for a guest who called or walked in (POST /api/admin/stays/:id/desk-bookings). */
export function useCreateDeskBooking(stayId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: DeskBookingInput) =>
      api<One>(`/admin/stays/${stayId}/desk-bookings`, { method: 'POST', body, auth: 'admin' }),
    onSuccess: refresh,
  });
}

/** A desk action on one booking (POST /api/admin/desk/bookings/:id/<path>). */
function useAction<B>(path: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body?: B }) =>
      api<One>(`/admin/desk/bookings/${id}/${path}`, { method: 'POST', body: body ?? {}, auth: 'admin' }),
    onSuccess: refresh,
  });
}

/** The desk takes what is due (POST …/payments). */
export const useDeskPayment = () => useAction<DeskPaymentInput>('payments');
/** Check-in with the ID shown (POST …/check-in). */
export const useCheckIn = () => useAction<CheckInInput>('check-in');
/** Check-out, settling what is due (POST …/check-out). */
export const useCheckOut = () => useAction<CheckOutInput>('check-out');
/** A no-show (POST …/no-show). */
export const useNoShow = () => useAction<never>('no-show');

/** Marks a room clean, dirty, inspected or out of order (PUT …/rooms/:roomId/housekeeping). */
export function useMarkRoom(stayId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ roomId, body }: { roomId: string; body: HousekeepingInput }) =>
      api<HousekeepingDto>(`/admin/stays/${stayId}/rooms/${roomId}/housekeeping`, { method: 'PUT', body, auth: 'admin' }),
    onSuccess: refresh,
  });
}
