import { api, ApiError } from "../../api/client.js";

const REFRESH = "/api/rbac/subjects/authentication/refresh";
/** Tabs of the admin tell each other here when they renewed the session (the value: its new expiry). */
export const RENEWED_KEY = "admin.session.renewed";
const LOCK = "admin.session.refresh";

/**
 * - unknown: nobody has signed in in this tab yet (a 401 then means the sign-in screen, not a dialog);
 * - active: signed in; the keeper renews the session before it expires;
 * - ended: the refresh token expired or was revoked; the sign-in dialog is open and every call
 *   that met a 401 waits for it.
 */
export type KeeperState = "unknown" | "active" | "ended";

export interface KeeperDeps {
  now(): number;
  /** POST refresh with the HttpOnly refresh cookie; answers the new session token, or throws. */
  refresh(): Promise<{ jwt: string }>;
  storage?: Pick<Storage, "getItem" | "setItem">;
  withLock?: <T>(name: string, task: () => Promise<T>) => Promise<T>;
}

/** The expiry a session JWT names (its `exp`), read without checking: the server checks. */
export function expiryOf(jwt: string): number | undefined {
  try {
    const payload = JSON.parse(atob(jwt.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/")));
    return typeof payload.exp === "number" ? payload.exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Keeps an admin signed in through the working day: the session token (15 minutes by default)
 * is renewed with the refresh cookie a little before it expires, and again, once, when a call
 * answers 401 (a tab asleep past the expiry). Renewals are one at a time across the browser's
 * tabs (Web Locks): the refresh token is spent on each use, and two tabs spending the same one
 * would read as a stolen token and end the sign-in. When the sign-in really ended, the state
 * turns `ended`, the sign-in dialog opens over the screen, and the calls that met the 401 wait;
 * after signing in again they are sent, so nothing typed is lost.
 */
export class SessionKeeper {
  private current: KeeperState = "unknown";
  private expiresAt: number | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private renewing: Promise<Outcome> | undefined;
  private waiting: ((signedIn: boolean) => void)[] = [];
  private readonly listeners = new Set<() => void>();

  constructor(private readonly deps: KeeperDeps) {}

  get state(): KeeperState {
    return this.current;
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  /** Signed in (the gate saw the admin, or the dialog signed in again): renew before `expiresAt`. */
  activate(expiresAt: number | undefined) {
    this.set("active");
    this.schedule(expiresAt);
    const waiting = this.waiting;
    this.waiting = [];
    for (const resume of waiting) resume(true);
  }

  /** Signed out on purpose: stop renewing, and let what waited fail. */
  stop() {
    clearTimeout(this.timer);
    this.set("unknown");
    const waiting = this.waiting;
    this.waiting = [];
    for (const resume of waiting) resume(false);
  }

  /** The API client's 401 handler: renew, else (when signed in before) wait for the sign-in dialog. */
  onUnauthorized = async (): Promise<boolean> => {
    if (this.current === "ended") return this.waitForSignIn();
    const outcome = await this.attempt();
    if (outcome === "renewed") return true;
    // The server could not be reached to renew: the call fails as it did, and is tried again later.
    if (outcome === "unreachable" || this.current === "unknown") return false;
    this.set("ended");
    return this.waitForSignIn();
  };

  /** Signed in again in this tab (the dialog): the other tabs learn it too. */
  signedIn(jwt: string) {
    const expiresAt = expiryOf(jwt);
    this.announce(expiresAt);
    this.activate(expiresAt);
  }

  /** Another tab renewed (or signed in again): its cookies are ours too. */
  renewedElsewhere(expiresAt: number | undefined) {
    if (this.current === "unknown") return;
    this.activate(expiresAt);
  }

  /** Renews now; true when it worked. */
  renew = async (): Promise<boolean> => (await this.attempt()) === "renewed";

  /** One renewal at a time in this tab, and across tabs where Web Locks exist. */
  private attempt(): Promise<Outcome> {
    this.renewing ??= this.renewOnce().finally(() => {
      this.renewing = undefined;
    });
    return this.renewing;
  }

  private announce(expiresAt: number | undefined) {
    this.deps.storage?.setItem(`${RENEWED_KEY}.at`, String(this.deps.now()));
    this.deps.storage?.setItem(RENEWED_KEY, String(expiresAt ?? ""));
  }

  private async renewOnce(): Promise<Outcome> {
    const asked = this.deps.now();
    const work = async () => {
      // Another tab renewed while this one waited for the lock: its new cookies are already ours.
      const elsewhere = Number(this.deps.storage?.getItem(RENEWED_KEY) ?? "");
      const renewedAt = Number(this.deps.storage?.getItem(`${RENEWED_KEY}.at`) ?? "");
      if (renewedAt >= asked && elsewhere > this.deps.now()) {
        this.schedule(elsewhere);
        return "renewed" as const;
      }
      try {
        const { jwt } = await this.deps.refresh();
        const expiresAt = expiryOf(jwt);
        this.announce(expiresAt);
        if (this.current !== "unknown") this.activate(expiresAt);
        return "renewed" as const;
      } catch (error) {
        // A refused refresh token ends the sign-in; anything else leaves it to the next try.
        if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return "refused" as const;
        throw error;
      }
    };
    try {
      return await (this.deps.withLock ? this.deps.withLock(LOCK, work) : work());
    } catch {
      // Unreachable server: the session may well be alive; try again in a few seconds.
      if (this.current === "active") {
        clearTimeout(this.timer);
        this.timer = setTimeout(() => void this.renew(), RETRY_MS);
      }
      return "unreachable";
    }
  }

  private waitForSignIn(): Promise<boolean> {
    return new Promise((resume) => this.waiting.push(resume));
  }

  private schedule(expiresAt: number | undefined) {
    clearTimeout(this.timer);
    this.expiresAt = expiresAt;
    if (!expiresAt || this.current !== "active") return;
    const left = expiresAt - this.deps.now();
    // A third of the token's life before it ends, a minute at most: a 15-minute token renews at 14.
    const lead = Math.min(RENEW_LEAD_MS, Math.max(left / 3, 0));
    this.timer = setTimeout(() => void this.renew(), Math.max(left - lead, 0));
  }

  /** When the current session token expires, as last learned (ms since the epoch). */
  get expiry(): number | undefined {
    return this.expiresAt;
  }

  private set(state: KeeperState) {
    if (this.current === state) return;
    this.current = state;
    for (const listener of this.listeners) listener();
  }
}

/** How long before the session token's end it is renewed, at most. */
export const RENEW_LEAD_MS = 60_000;
/** After a renewal that could not reach the server, the next try. */
const RETRY_MS = 5_000;

type Outcome = "renewed" | "refused" | "unreachable";

let keeper: SessionKeeper | undefined;

/** The admin's one keeper, wired to this browser: the refresh route, local storage, Web Locks and other tabs. */
export function sessionKeeper(): SessionKeeper {
  if (keeper) return keeper;
  const made = new SessionKeeper({
    now: () => Date.now(),
    refresh: () => api<{ jwt: string }>(REFRESH, { method: "POST", body: {}, raw: true }),
    storage: localStorage,
    withLock: navigator.locks ? (name, task) => navigator.locks.request(name, task) : undefined,
  });
  window.addEventListener("storage", (event) => {
    if (event.key === RENEWED_KEY && event.newValue) made.renewedElsewhere(Number(event.newValue) || undefined);
  });
  // A tab that slept past its timer renews as soon as it is looked at again.
  document.addEventListener("visibilitychange", () => {
    const expiry = made.expiry;
    if (
      document.visibilityState === "visible" &&
      made.state === "active" &&
      expiry &&
      expiry - Date.now() < RENEW_LEAD_MS
    )
      void made.renew();
  });
  keeper = made;
  return made;
}
