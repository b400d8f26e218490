import { notifications } from "@mantine/notifications";

/** A failed call as a red toast carrying the ApiError's message (message | causes | status). */
export function notifyError(error: unknown) {
  notifications.show({ color: "red", title: "Error", message: error instanceof Error ? error.message : String(error) });
}

export function notifySuccess(message: string) {
  notifications.show({ color: "green", message });
}
