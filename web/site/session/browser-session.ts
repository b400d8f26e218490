import { api } from "../../api/client.js";
import { stripLanguage, withLanguage } from "../../../common/i18n/languages.js";
import { SessionStore } from "./session-store.js";
import { REFRESH_KEY } from "./token-storage.js";
import { showToast } from "../../ui/toast.js";

/** Storage events (another tab signing in or out) are debounced by 100 ms. */
export const STORAGE_DEBOUNCE_MS = 100;

let store: SessionStore | undefined;

/** The page's one session store, wired to this browser's storage, locks, location and toasts. */
export function browserSessionStore(): SessionStore {
  store ??= new SessionStore(
    {
      storage: {
        getItem: (k) => localStorage.getItem(k),
        setItem: (k, v) => localStorage.setItem(k, v),
        removeItem: (k) => localStorage.removeItem(k),
      },
      call: api,
      navigate: (url) => {
        if (window.location.pathname !== url) window.location.assign(url);
      },
      home: () => withLanguage("/", stripLanguage(window.location.pathname).language),
      now: () => Date.now(),
      withLock:
        typeof navigator !== "undefined" && navigator.locks
          ? (name, task) => navigator.locks.request(name, task)
          : undefined,
      notify: (message) => showToast({ color: "red", message }),
    },
    { status: "loading" },
    followOtherTabs,
  );
  return store;
}

/**
 * Another tab signed in, refreshed or signed out: the refresh token's key changed. Reload who is
 * signed in (a burst of changes, such as logout then sign-in, costs one reload).
 */
function followOtherTabs(session: SessionStore) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  window.addEventListener("storage", (event) => {
    if (event.key !== REFRESH_KEY && event.key !== null) return;
    clearTimeout(timer);
    timer = setTimeout(() => void session.load(), STORAGE_DEBOUNCE_MS);
  });
}
