import type { CallOptions } from "../../../../api/client.js";
import { loadCurrencies, orderTotals, withOrderedTotals } from "../helpers/currencies.js";
import { shopApi, type Order, type Total } from "../helpers/shop-api.js";

/** The signed-in subject's cart: its cart orders (one product line each), totals per currency and item count. */
export interface CartState {
  /** Whose cart this is; undefined before anyone is known (and on the server). */
  subjectId?: string;
  /** False until the first answer for this subject arrived. */
  loaded: boolean;
  orders: Order[];
  total: Total[];
  quantity: number;
}

export const EMPTY_CART: CartState = { loaded: false, orders: [], total: [], quantity: 0 };

type Call = <T>(path: string, options?: CallOptions) => Promise<T>;

/**
 * The cart as an external store for useSyncExternalStore, shared by the navbar's cart, the
 * product cards and the cart page, so one page asks the server once and every part agrees after
 * a change. It is per subject, so it is never in the server's HTML: the server snapshot is empty
 * and the browser loads it after hydration, once the session knows who is signed in.
 */
export class CartStore {
  private state: CartState;
  private readonly listeners = new Set<() => void>();
  /** Answers of an older load are dropped when a newer one started (quick successive changes). */
  private generation = 0;

  constructor(
    private readonly call: Call,
    private readonly serverState: CartState = EMPTY_CART,
    /** Shows a failed load's message (a total or quantity failure is a toast). */
    private readonly notify: (message: string) => void = () => {},
  ) {
    this.state = serverState;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): CartState => this.state;
  getServerSnapshot = (): CartState => this.serverState;

  /** Loads the subject's cart unless it is already this subject's. */
  ensure = (subjectId: string): void => {
    if (this.state.subjectId === subjectId) return;
    this.set({ ...EMPTY_CART, subjectId });
    void this.reload().catch((error) => {
      // An empty cart rather than a skeleton for ever; the message says why.
      if (this.state.subjectId === subjectId) this.set({ ...this.state, loaded: true });
      this.notify(error instanceof Error ? error.message : String(error));
    });
  };

  /** Signed out: nobody's cart. */
  clear = (): void => {
    if (this.state.subjectId === undefined && !this.state.loaded) return;
    this.generation++;
    this.set(EMPTY_CART);
  };

  /** Reads the cart again: orders, totals and quantity in parallel. */
  reload = async (): Promise<void> => {
    const subjectId = this.state.subjectId;
    if (!subjectId) return;
    const generation = ++this.generation;
    const base = shopApi(subjectId);
    const [orders, total, quantity, currencies] = await Promise.all([
      this.call<Order[]>(`${base}/orders`),
      this.call<Total[]>(`${base}/orders/total`),
      this.call<number>(`${base}/orders/quantity`),
      loadCurrencies(this.call),
    ]);
    if (generation !== this.generation || this.state.subjectId !== subjectId) return;
    this.set({
      subjectId,
      loaded: true,
      orders: withOrderedTotals(orders, currencies),
      total: orderTotals(total, currencies),
      quantity: Number(quantity) || 0,
    });
  };

  /** Adds a product (from a store, when given); a product already in the cart gets the quantity added. */
  add = async (productId: string, quantity = 1, storeId?: string): Promise<void> => {
    await this.call(`${this.base()}/orders`, {
      method: "POST",
      body: { productId, quantity, ...(storeId ? { storeId } : {}) },
    });
    await this.reload();
  };

  /** A new quantity for one line of a cart order. */
  setQuantity = async (orderId: string, lineId: string, quantity: number): Promise<void> => {
    await this.call(`${this.base()}/orders/${orderId}`, {
      method: "PATCH",
      body: { ordersToProducts: [{ id: lineId, quantity }] },
    });
    await this.reload();
  };

  remove = async (orderId: string): Promise<void> => {
    await this.call(`${this.base()}/orders/${orderId}`, { method: "DELETE" });
    await this.reload();
  };

  private base(): string {
    if (!this.state.subjectId) throw new Error("Sign in to use the cart");
    return shopApi(this.state.subjectId);
  }

  private set(state: CartState) {
    this.state = state;
    for (const listener of this.listeners) listener();
  }
}

/** The cart line of a product (from a store, when given), and its order. */
export function cartLineOf(state: CartState, productId: string, storeId?: string) {
  for (const order of state.orders) {
    const line = order.ordersToProducts.find((l) => l.productId === productId && (l.storeId ?? undefined) === storeId);
    if (line) return { order, line };
  }
  return undefined;
}
