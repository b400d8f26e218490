import { createContext, useContext, useSyncExternalStore, type ReactNode } from "react";
import { browserSessionStore } from "./browser-session.js";
import type { SessionStore } from "./session-store.js";
import type { SessionState } from "./types.js";

/**
 * The session store components read. Without a provider it is the browser's one store, so the
 * renderer needs no wiring; tests (and server renders of a known state) pass their own.
 */
const SessionContext = createContext<SessionStore | null>(null);

export function SessionProvider({ store, children }: { store: SessionStore; children: ReactNode }) {
  return <SessionContext.Provider value={store}>{children}</SessionContext.Provider>;
}

export interface Session {
  state: SessionState;
  store: SessionStore;
}

/** The current subject (loading on the server and until the browser has asked), and the store's actions. */
export function useSession(): Session {
  const store = useContext(SessionContext) ?? browserSessionStore();
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getServerSnapshot);
  return { state, store };
}
