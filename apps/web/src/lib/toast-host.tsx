import '@mantine/notifications/styles.css';
import { type NotificationData, Notifications, notifications } from '@mantine/notifications';

/**
 * The toasts' host and their store, loaded with the first toast (lib/notify.ts): no page needs them at start, and
 * most visits never show one.
 */
export function ToastHost() {
  return <Notifications position="top-center" zIndex={3000} limit={4} />;
}

export function showToast(data: NotificationData) {
  notifications.show(data);
}
