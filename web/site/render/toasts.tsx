import { useEffect, useState, type ComponentType } from "react";
import { whenNotificationsLoaded } from "../../ui/toast.js";

type NotificationsProps = { position: "top-right"; zIndex: number };

/**
 * Where the site's toasts appear (top right, below the sticky navbar: site.css). Mantine's
 * container (with its transitions and scroll-bar handling) renders nothing on the server and
 * nothing until a toast is shown, so it mounts when the first toast imports the package
 * (web/ui/toast.ts): pages nobody gets a toast on never load it.
 */
export function Toasts() {
  const [Container, setContainer] = useState<ComponentType<NotificationsProps> | null>(null);
  useEffect(
    () =>
      whenNotificationsLoaded((module) =>
        setContainer(() => module.Notifications as ComponentType<NotificationsProps>),
      ),
    [],
  );
  return Container ? <Container position="top-right" zIndex={1000} /> : null;
}
