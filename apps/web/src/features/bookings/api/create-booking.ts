import type { BookingDto, CheckoutDto, CreateBookingInput } from '@repo/shared/schemas/booking';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type CreateBookingResult = { booking: BookingDto; checkout: CheckoutDto };

/** Holds the chosen rooms and opens a payment order (POST /api/bookings). The server computes the amount. */
export function createBooking(body: CreateBookingInput) {
  return api<CreateBookingResult>('/bookings', { method: 'POST', body, auth: 'guest' });
}

export function useCreateBooking() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createBooking,
    onSettled: () => {
      qc.invalidateQueries({ queryKey: queryKeys.roomTypes.all });
      qc.invalidateQueries({ queryKey: queryKeys.myBookings.all });
    },
  });
}
