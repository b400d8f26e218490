import { ToastContainer } from "../../ui/toast-container.js";

/**
 * Where the site's toasts appear (top right, below the sticky navbar: site.css). The container
 * mounts with the first toast (web/ui/toast-container.tsx): pages nobody gets a toast on never
 * load Mantine's notifications.
 */
export function Toasts() {
  return <ToastContainer position="top-right" zIndex={1000} />;
}
