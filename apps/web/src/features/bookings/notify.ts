import { TOAST_MS } from '@repo/shared/constants/domain';
import { ApiError, GENERIC_ERROR } from '@/lib/api-client';
import { showToast } from '@/lib/notify';
import { BOOKING_COPY } from './copy';

/** Booking-area toasts (shown for 2000 ms) whose close button has an accessible name. */
function show(message: string, color: 'teal' | 'red') {
  showToast({
    message,
    color,
    autoClose: TOAST_MS.adminAndBooking,
    withBorder: true,
    closeButtonProps: { 'aria-label': BOOKING_COPY.closeToast },
  });
}

export const bookingToast = {
  success: (message: string) => show(message, 'teal'),
  error: (message: string) => show(message, 'red'),
  fromError: (err: unknown) =>
    show(err instanceof ApiError || err instanceof Error ? err.message || GENERIC_ERROR : GENERIC_ERROR, 'red'),
};
