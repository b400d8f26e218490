import type { NotificationData } from "@mantine/notifications";

/**
 * Shows a toast (Mantine notifications). The package is imported when the first toast is shown,
 * not with the page: toasts answer a click, and the public site's first load carries only what
 * the page shows. The container that displays them mounts after hydration (site's Toasts).
 */
export function showToast(toast: NotificationData): void {
  void import("@mantine/notifications").then(({ notifications }) => notifications.show(toast));
}
