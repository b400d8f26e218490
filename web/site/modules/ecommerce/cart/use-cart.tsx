import { createContext, useContext, useEffect, useSyncExternalStore, type ReactNode } from "react";
import type { SessionStore } from "../../../session/session-store.js";
import type { SessionState } from "../../../session/types.js";
import { useSession } from "../../../session/use-session.js";
import { CartStore, type CartState } from "./cart-store.js";
import { showToast } from "../../../../ui/toast.js";

const CartContext = createContext<CartStore | null>(null);

/** Tests (and server renders of a known cart) pass their own store; the browser has one per page. */
export function CartProvider({ store, children }: { store: CartStore; children: ReactNode }) {
  return <CartContext.Provider value={store}>{children}</CartContext.Provider>;
}

const browserStores = new WeakMap<SessionStore, CartStore>();

/** The page's one cart, calling the server as the session's subject (refreshing the session when needed). */
function cartStoreFor(session: SessionStore): CartStore {
  let store = browserStores.get(session);
  if (!store)
    browserStores.set(
      session,
      (store = new CartStore(session.call, undefined, (message) => showToast({ color: "red", message }))),
    );
  return store;
}

export interface Cart {
  session: SessionState;
  /** The signed-in subject's id; undefined while loading or signed out. */
  subjectId?: string;
  state: CartState;
  store: CartStore;
}

/**
 * The signed-in subject's cart: loaded after hydration once the session knows the subject,
 * emptied on sign-out. Empty on the server and in the first browser render, so the HTML is
 * the same for every visitor.
 */
export function useCart(): Cart {
  const { state: session, store: sessionStore } = useSession();
  const provided = useContext(CartContext);
  const store = provided ?? cartStoreFor(sessionStore);
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getServerSnapshot);
  const subjectId = session.status === "signed-in" ? session.subject.id : undefined;
  useEffect(() => {
    if (subjectId) store.ensure(subjectId);
    else if (session.status === "signed-out") store.clear();
  }, [store, subjectId, session.status]);
  return { session, subjectId, state, store };
}
