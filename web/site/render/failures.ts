import { createContext, useContext } from "react";

/**
 * Variants known to fail, by `failureKey`, with their messages. React does not run error
 * boundaries on the server, so renderDocument finds failing widgets by rendering each alone and
 * lists them here; the list is embedded in the page so hydration renders the same error boxes.
 */
export type Failures = Record<string, string>;

export const FailuresContext = createContext<Failures>({});

export const useFailures = () => useContext(FailuresContext);

export function failureKey(model: string, id: unknown): string {
  return `${model}:${String(id)}`;
}
