import type { NotificationsProps } from "@mantine/notifications";
import { useEffect, useState, type ComponentType } from "react";
import { whenNotificationsLoaded } from "./toast.js";

type ContainerProps = Partial<Pick<NotificationsProps, "position" | "zIndex">>;

/**
 * Where toasts appear. Mantine's container (with its transitions and scroll-bar handling) renders
 * nothing until a toast is shown, so it mounts when the first toast imports the package
 * (toast.ts): a screen nobody gets a toast on never loads it.
 */
export function ToastContainer(props: ContainerProps) {
  const [Container, setContainer] = useState<ComponentType<ContainerProps> | null>(null);
  useEffect(
    () =>
      whenNotificationsLoaded((module) => setContainer(() => module.Notifications as ComponentType<ContainerProps>)),
    [],
  );
  return Container ? <Container {...props} /> : null;
}
