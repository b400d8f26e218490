import { lazy, Suspense, useEffect, useState } from "react";
import { loadNotifications } from "../../ui/toast.js";

// The toasts' container (Mantine Notifications with its transitions) renders nothing on the
// server and nothing until a toast is shown, so its code need not hold up the first paint or
// hydration: it is imported once the page has hydrated. `showToast()` before that only
// queues in the store, which the container shows when it mounts.
const Notifications = lazy(() => loadNotifications().then((m) => ({ default: m.Notifications })));

/** Where the site's toasts appear (top right, below the sticky navbar: site.css). */
export function Toasts() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" zIndex={1000} />
    </Suspense>
  );
}
