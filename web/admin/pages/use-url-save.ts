import { useState } from "react";
import { ApiError } from "../../api/client.js";
import { notifyError } from "../notify.js";

/** A page's address as the site serves it: "/" or "/segment/segment" (letters, digits, - and _). */
export const PAGE_URL = /^\/([A-Za-z0-9\-_]+(\/[A-Za-z0-9\-_]+)*)?$/;

/**
 * A save that writes a page's address (New page, Page settings): a url that is no path is refused
 * on its field before anything is sent; the server's refusal of the url (another page holds it:
 * 409, or a cause naming /url) is shown on the field too, and every failure as a toast.
 */
export function useUrlSave(invalidUrl: string) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const run = async (url: string, save: () => Promise<void>) => {
    if (!PAGE_URL.test(url.trim())) return setErrors({ url: invalidUrl });
    setBusy(true);
    try {
      await save();
    } catch (error) {
      const cause = error instanceof ApiError ? error.cause.find((c) => c.path?.includes("url")) : undefined;
      if (cause || (error instanceof ApiError && error.status === 409))
        setErrors({ url: cause?.message ?? (error as Error).message });
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  return { errors, setErrors, busy, run };
}
