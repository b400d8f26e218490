import { createContext, useContext } from "react";

/** Which cart orders a checkout form will pay for; the form-field variant toggles them. */
export interface OrderSelection {
  selected: ReadonlySet<string>;
  toggle: (orderId: string, on: boolean) => void;
}

export const OrderSelectionContext = createContext<OrderSelection | null>(null);

export const useOrderSelection = () => useContext(OrderSelectionContext);
