import { useEffect, useState } from "react";
import { SETTINGS } from "./routes.js";
import type { RbacStringKey } from "./strings.js";

/**
 * Why a page sent the visitor to sign in (`?reason=…` on the sign-in and sign-up links):
 * the card says so, and after signing in or up the visitor goes back there instead of home.
 */
export const SIGN_IN_REASONS = {
  cart: { text: "reasonCart", back: "/cart" },
  account: { text: "reasonAccount", back: SETTINGS },
} as const satisfies Record<string, { text: RbacStringKey; back: string }>;
export type SignInReason = keyof typeof SIGN_IN_REASONS;

/** The reason in a query string, if it names one. */
export function reasonIn(search: string): SignInReason | undefined {
  const reason = new URLSearchParams(search).get("reason");
  return reason && reason in SIGN_IN_REASONS ? (reason as SignInReason) : undefined;
}

/** The page's reason, read after hydration (the query string is not part of the cached page). */
export function useSignInReason(): SignInReason | undefined {
  const [reason, setReason] = useState<SignInReason>();
  useEffect(() => setReason(reasonIn(window.location.search)), []);
  return reason;
}

/** A link to another sign-in screen that keeps the reason. */
export const keepingReason = (path: string, reason: SignInReason | undefined) =>
  reason ? `${path}?reason=${reason}` : path;
