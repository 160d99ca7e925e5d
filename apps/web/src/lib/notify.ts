import { TOAST_MS } from '@repo/shared/constants/domain';
import { notifications } from '@mantine/notifications';
import { ApiError, GENERIC_ERROR } from './api-client';

/** Toast timing: 2000 ms in the admin and booking areas, 5000 ms elsewhere (SPEC §9). */
export type ToastArea = 'default' | 'admin' | 'booking';
/** The close button needs a name for screen readers. */
const CLOSE = { 'aria-label': 'Close notification' };
const ms = (area: ToastArea) => (area === 'default' ? TOAST_MS.default : TOAST_MS.adminAndBooking);

export const toast = {
  success(message: string, area: ToastArea = 'default') {
    notifications.show({ message, color: 'teal', autoClose: ms(area), withBorder: true, closeButtonProps: CLOSE });
  },
  error(message: string, area: ToastArea = 'default') {
    notifications.show({ message, color: 'red', autoClose: ms(area), withBorder: true, closeButtonProps: CLOSE });
  },
  /** The server's message for a failed call, or the generic client error text. */
  fromError(err: unknown, area: ToastArea = 'default') {
    const message = err instanceof ApiError || err instanceof Error ? err.message || GENERIC_ERROR : GENERIC_ERROR;
    notifications.show({ message, color: 'red', autoClose: ms(area), withBorder: true, closeButtonProps: CLOSE });
  },
};
