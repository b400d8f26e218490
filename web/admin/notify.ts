import { adminLanguage } from "./admin-language.js";
import { showToast } from "../ui/toast.js";

/** The toasts' close button has only an icon: its accessible name, in the admin's language. */
const closeButtonProps = () => ({
  "aria-label": adminLanguage().toLowerCase().startsWith("ru") ? "Закрыть" : "Close",
});

/** A failed call as a red toast carrying the ApiError's message (message | causes | status). */
export function notifyError(error: unknown) {
  showToast({
    color: "red",
    title: "Error",
    message: error instanceof Error ? error.message : String(error),
    closeButtonProps: closeButtonProps(),
  });
}

export function notifySuccess(message: string) {
  showToast({ color: "green", message, closeButtonProps: closeButtonProps() });
}
