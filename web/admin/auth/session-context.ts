import { createContext, useContext } from "react";
import type { Subject } from "./use-session.js";

export interface SessionContextValue {
  subject: Subject;
  signOut(): Promise<void>;
}

export const SessionContext = createContext<SessionContextValue | null>(null);

/** The signed-in admin; only rendered inside the gate, so always present. */
export function useSubject(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error("useSubject outside SessionGate");
  return value;
}
