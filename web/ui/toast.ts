import type { NotificationData } from "@mantine/notifications";

type NotificationsModule = typeof import("@mantine/notifications");

let loaded: NotificationsModule | undefined;
let loading: Promise<NotificationsModule> | undefined;

/**
 * Mantine's notifications, imported once: by the toasts' container right after hydration (the
 * site's Toasts), or by the first toast. Not with the page: toasts answer a click, and the
 * public site's first load carries only what the page shows.
 */
export function loadNotifications(): Promise<NotificationsModule> {
  return (loading ??= import("@mantine/notifications").then((module) => (loaded = module)));
}

/** Shows a toast: at once when the package is here (the usual case after hydration), else once it is. */
export function showToast(toast: NotificationData): void {
  if (loaded) loaded.notifications.show(toast);
  else void loadNotifications().then(({ notifications }) => notifications.show(toast));
}
