import { TOAST_MS } from '@repo/shared/constants/domain';
import type { NotificationData } from '@mantine/notifications';
import { useSyncExternalStore } from 'react';
import { ApiError, GENERIC_ERROR } from './api-client';

/** Toast timing: 2000 ms in the admin and booking areas, 5000 ms elsewhere. */
export type ToastArea = 'default' | 'admin' | 'booking';
/** The close button needs a name for screen readers. */
const CLOSE = { 'aria-label': 'Close notification' };
const ms = (area: ToastArea) => (area === 'default' ? TOAST_MS.default : TOAST_MS.adminAndBooking);

/** Whether a toast was asked for yet: the app mounts the toast host (a lazy chunk) from then on. */
let hostWanted = false;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** True once the first toast was asked for (AppProvider then renders the host). */
export function useToastHostWanted(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => hostWanted,
    () => false,
  );
}

let host: typeof import('./toast-host') | undefined;

/** Shows a toast: loads the toast host and its store with the first one. */
export function showToast(data: NotificationData) {
  if (host) return host.showToast(data);
  if (!hostWanted) {
    hostWanted = true;
    for (const l of listeners) l();
  }
  void import('./toast-host').then((m) => {
    host = m;
    m.showToast(data);
  });
}

export const toast = {
  success(message: string, area: ToastArea = 'default') {
    showToast({ message, color: 'teal', autoClose: ms(area), withBorder: true, closeButtonProps: CLOSE });
  },
  error(message: string, area: ToastArea = 'default') {
    showToast({ message, color: 'red', autoClose: ms(area), withBorder: true, closeButtonProps: CLOSE });
  },
  /** The server's message for a failed call, or the generic client error text. */
  fromError(err: unknown, area: ToastArea = 'default') {
    const message = err instanceof ApiError || err instanceof Error ? err.message || GENERIC_ERROR : GENERIC_ERROR;
    showToast({ message, color: 'red', autoClose: ms(area), withBorder: true, closeButtonProps: CLOSE });
  },
};
