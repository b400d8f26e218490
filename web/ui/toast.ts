import type { NotificationData } from "@mantine/notifications";

type NotificationsModule = typeof import("@mantine/notifications");

let loaded: NotificationsModule | undefined;
let loading: Promise<NotificationsModule> | undefined;
const listeners = new Set<(module: NotificationsModule) => void>();

/**
 * Mantine's notifications, imported with the first toast: toasts answer a click, and the public
 * site's first load carries only what the page shows.
 */
export function loadNotifications(): Promise<NotificationsModule> {
  return (loading ??= import("@mantine/notifications").then((module) => {
    loaded = module;
    listeners.forEach((listener) => listener(module));
    return module;
  }));
}

/** Calls `listener` once the notifications are imported (at once if they are); returns the unsubscribe. */
export function whenNotificationsLoaded(listener: (module: NotificationsModule) => void): () => void {
  if (loaded) {
    listener(loaded);
    return () => {};
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Shows a toast: at once when the package is here, else once it is (the toasts' container mounts
 * then and shows what the store holds).
 */
export function showToast(toast: NotificationData): void {
  if (loaded) loaded.notifications.show(toast);
  else void loadNotifications().then(({ notifications }) => notifications.show(toast));
}
