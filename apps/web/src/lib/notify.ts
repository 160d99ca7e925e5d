import { TOAST_MS } from '@repo/shared/constants/domain';
import type { NotificationData } from '@mantine/notifications';
import { useSyncExternalStore } from 'react';
import { common } from '@/copy/common';
import { ApiError, GENERIC_ERROR } from './api-client';

/** Toast timing: 2000 ms in the admin and booking areas, 5000 ms elsewhere. */
export type ToastArea = 'default' | 'admin' | 'booking';
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
function showToast(data: NotificationData) {
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

/** Shows a message for the area's time; the close button has a name for screen readers. */
function show(message: string, color: 'teal' | 'red', area: ToastArea) {
  showToast({
    message,
    color,
    autoClose: ms(area),
    withBorder: true,
    closeButtonProps: { 'aria-label': common.actions.closeNotification },
  });
}

/** The app's toasts; each takes the area it is shown in (admin and booking toasts are shorter). */
export const toast = {
  success(message: string, area: ToastArea = 'default') {
    show(message, 'teal', area);
  },
  error(message: string, area: ToastArea = 'default') {
    show(message, 'red', area);
  },
  /** The server's message for a failed call, or the generic client error text. */
  fromError(err: unknown, area: ToastArea = 'default') {
    show(err instanceof ApiError || err instanceof Error ? err.message || GENERIC_ERROR : GENERIC_ERROR, 'red', area);
  },
};
