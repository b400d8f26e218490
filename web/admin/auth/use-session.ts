import { useCallback, useEffect, useState } from "react";
import { api, ApiError } from "../../api/client.js";
import { sessionKeeper } from "./session-keeper.js";

export const AUTH = "/api/rbac/subjects/authentication";

export interface Subject {
  id: string;
  identities: { email?: string }[];
  roles: { uid: string; title: string }[];
}

export type SessionState =
  | { status: "loading" }
  | { status: "signed-out" }
  /** `enrolmentOnly`: the session reaches only two-factor enrolment until an app is confirmed (TWO_FACTOR_REQUIRED_ROLES). */
  | { status: "signed-in"; subject: Subject; enrolmentOnly: boolean };

/** Who is signed in, from authentication/me; the HttpOnly session cookie is the credential. */
export function useSession() {
  const [state, setState] = useState<SessionState>({ status: "loading" });
  const reload = useCallback(async () => {
    try {
      const me = await api<{ data: Subject; session?: { expiresAt: string; twoFactorEnrolment?: boolean } }>(
        `${AUTH}/me`,
        { envelope: true },
      );
      setState({ status: "signed-in", subject: me.data, enrolmentOnly: me.session?.twoFactorEnrolment === true });
      // From now on the keeper renews the session before it expires.
      sessionKeeper().activate(me.session ? Date.parse(me.session.expiresAt) : undefined);
    } catch (error) {
      if (error instanceof ApiError && (error.status === 401 || error.status === 403))
        setState({ status: "signed-out" });
      else throw error;
    }
  }, []);
  useEffect(() => {
    reload().catch(() => setState({ status: "signed-out" }));
  }, [reload]);
  return { state, reload };
}

export const isAdmin = (subject: Subject) => subject.roles.some((role) => role.uid === "admin");
export const emailOf = (subject: Subject) => subject.identities.find((i) => i.email)?.email ?? subject.id;

export async function signOut() {
  sessionKeeper().stop();
  await api(`${AUTH}/logout`, { method: "POST", body: {}, raw: true });
}
