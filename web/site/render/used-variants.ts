import { createContext, useContext } from "react";

/**
 * The source files of the variants a render used (VariantEntry.file), collected on the server
 * while it renders a page: the document preloads their chunks, and the browser imports them
 * before it hydrates so the first client render is the server's, with no fallback in between.
 * Null in the browser, where nothing collects.
 */
export const UsedVariantsContext = createContext<Set<string> | null>(null);

export const useUsedVariants = () => useContext(UsedVariantsContext);
