import { createContext, useContext } from "react";

/**
 * A record's place in the list that renders it (0 for the first card), for a variant whose
 * drawing depends on it: the first card's picture is in the first screen, so it is fetched at once
 * rather than lazily. Undefined outside a list.
 */
export const ListPosition = createContext<number | undefined>(undefined);

export const useListPosition = () => useContext(ListPosition);
