import type { CallOptions } from "../../api/client.js";
import { afterRefreshFailure, afterUnauthorized, isAccessExpired, isUnauthorized, startAction } from "./rules.js";
import { clearTokens, readStoredSession, storeTokens, type KeyValueStorage } from "./token-storage.js";
import type { SessionState, SessionTokens, Subject } from "./types.js";

export const AUTH = "/api/rbac/subjects/authentication";

/** What the store needs from the browser, passed in so tests can run it on fakes. */
export interface SessionDeps {
  storage: KeyValueStorage;
  /** The API client (web/api/client.ts `api`). */
  call: <T>(path: string, options?: CallOptions) => Promise<T>;
  navigate: (url: string) => void;
  /** Where a refused refresh sends the visitor: home in the page's language. */
  home: () => string;
  now: () => number;
  /** Runs `task` holding a lock shared by every tab (Web Locks); absent: runs it at once. */
  withLock?: <T>(name: string, task: () => Promise<T>) => Promise<T>;
  /** Shows an error toast. */
  notify: (message: string) => void;
}

const REFRESH_LOCK = "rbac.subject.refresh";

/**
 * Who is signed in, as an external store for useSyncExternalStore. It starts "loading" (also on
 * the server: cached pages hold nothing user-specific) and asks the server once a component
 * subscribes, which happens after hydration.
 */
export class SessionStore {
  private state: SessionState;
  private readonly listeners = new Set<() => void>();
  private started = false;
  private refreshing: Promise<boolean> | undefined;

  constructor(
    private readonly deps: SessionDeps,
    private readonly serverState: SessionState = { status: "loading" },
    private readonly onStart?: (store: SessionStore) => void,
  ) {
    this.state = serverState;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    if (!this.started) {
      this.started = true;
      this.onStart?.(this);
      void this.load();
    }
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): SessionState => this.state;
  getServerSnapshot = (): SessionState => this.serverState;

  /** Decides, from the stored tokens, who is signed in: refreshing first when the JWT expired. */
  load = async (): Promise<void> => {
    const action = startAction(readStoredSession(this.deps.storage), this.deps.now());
    if (action === "signed-out") return this.set({ status: "signed-out" });
    if (action === "refresh" && !(await this.refresh())) return;
    try {
      const subject = await this.call<Subject>(`${AUTH}/me`);
      this.set({ status: "signed-in", subject });
    } catch (error) {
      // A 401 the refresh could not cure: the session is gone; other errors leave the tokens be.
      if (isUnauthorized(error)) clearTokens(this.deps.storage);
      else this.deps.notify(messageOf(error));
      this.set({ status: "signed-out" });
    }
  };

  /**
   * An API call as the signed-in subject: refreshes first when the JWT has expired, and once more
   * when the server answers 401.
   */
  call = async <T>(path: string, options?: CallOptions): Promise<T> => {
    const stored = readStoredSession(this.deps.storage);
    let refreshed = false;
    if (stored.refresh && isAccessExpired(stored.accessExpiresAt, this.deps.now())) {
      refreshed = await this.refresh();
      if (!refreshed) throw new Error("The session has expired");
    }
    try {
      return await this.deps.call<T>(path, options);
    } catch (error) {
      if (!isUnauthorized(error) || afterUnauthorized(readStoredSession(this.deps.storage), refreshed) !== "refresh")
        throw error;
      if (!(await this.refresh())) throw error;
      return this.deps.call<T>(path, options);
    }
  };

  /** After sign-in or sign-up: keep the refresh token and the JWT's expiry, then load the subject. */
  signedIn = async (tokens: SessionTokens): Promise<void> => {
    storeTokens(this.deps.storage, tokens);
    await this.load();
  };

  /**
   * A guest session (docs/shop.md "The buyer's path"): a visitor's first add to cart starts one with authentication/init
   * (a subject with no identity yet), kept like any session, so signing up later adopts it and
   * signing in moves its cart to the account; `language`: the page's, the one its mail comes in.
   * The subject's id.
   */
  startGuest = async (language?: string): Promise<string> => {
    const tokens = await this.deps.call<SessionTokens>(`${AUTH}/init`, language ? { query: { language } } : undefined);
    await this.signedIn(tokens);
    if (this.state.status !== "signed-in") throw new Error("The session could not be started");
    return this.state.subject.id;
  };

  /** Revokes the session on the server and removes both tokens; then goes to `redirectTo`, if given. */
  logout = async (redirectTo?: string): Promise<void> => {
    const { refresh } = readStoredSession(this.deps.storage);
    try {
      // A plain body: the logout route reads it as is (refresh and redirectTo only).
      await this.deps.call(`${AUTH}/logout`, {
        method: "POST",
        body: { refresh, redirectTo: redirectTo ?? "/" },
        raw: true,
      });
    } catch (error) {
      this.deps.notify(messageOf(error));
    }
    clearTokens(this.deps.storage);
    this.set({ status: "signed-out" });
    if (redirectTo !== undefined) this.deps.navigate(redirectTo);
  };

  /** One refresh at a time in this tab, and (with Web Locks) across tabs. True when it worked. */
  refresh = (): Promise<boolean> => {
    this.refreshing ??= this.refreshOnce().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  };

  private async refreshOnce(): Promise<boolean> {
    const before = readStoredSession(this.deps.storage).refresh;
    if (!before) return false;
    const withLock = this.deps.withLock ?? ((_name, task) => task());
    return withLock(REFRESH_LOCK, async () => {
      const current = readStoredSession(this.deps.storage);
      if (!current.refresh) return false;
      // Another tab spent the token while we waited: its answer set the shared cookie too.
      // Spending the old token again would look like a replay and revoke the whole family.
      if (current.refresh !== before && !isAccessExpired(current.accessExpiresAt, this.deps.now())) return true;
      try {
        const tokens = await this.deps.call<SessionTokens>(`${AUTH}/refresh`, {
          method: "POST",
          body: { refresh: current.refresh },
          raw: true,
        });
        storeTokens(this.deps.storage, tokens);
        return true;
      } catch (error) {
        this.set({ status: "signed-out" });
        if (afterRefreshFailure(error) === "clear-and-go-home") {
          clearTokens(this.deps.storage);
          this.deps.navigate(this.deps.home());
        } else {
          this.deps.notify(messageOf(error));
        }
        return false;
      }
    });
  }

  private set(state: SessionState) {
    this.state = state;
    for (const listener of this.listeners) listener();
  }
}

export const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
