import '@mantine/notifications/styles.css';
import { useMediaQuery } from '@mantine/hooks';
import { type NotificationData, Notifications, notifications } from '@mantine/notifications';

/**
 * The toasts' host and their store, loaded with the first toast (lib/notify.ts): no page needs them at start, and
 * most visits never show one. At the top of a wide screen; at the bottom of a phone's, where they do not cover the
 * page's own links and buttons at its top (a toast waits while a finger or pointer rests on it).
 */
export function ToastHost() {
  const phone = useMediaQuery('(max-width: 36em)');
  return <Notifications position={phone ? 'bottom-center' : 'top-center'} zIndex={3000} limit={4} />;
}

export function showToast(data: NotificationData) {
  notifications.show(data);
}
