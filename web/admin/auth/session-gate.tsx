import { Center, Loader } from "@mantine/core";
import { lazy, Suspense, type ReactNode } from "react";
import { notifyError } from "../notify.js";
import { FirstAdminScreen } from "./first-admin-screen.js";
import { SessionContext } from "./session-context.js";
import { SignInScreen } from "./sign-in-screen.js";
import { useFirstAdminNeeded } from "./use-first-admin-needed.js";
import { emailOf, isAdmin, signOut, useSession } from "./use-session.js";

// A modal (focus trap, scroll lock, floating layers): fetched with the signed-in admin, not before.
const SessionEndedDialog = lazy(async () => ({
  default: (await import("./session-ended-dialog.js")).SessionEndedDialog,
}));

/**
 * Renders the admin only for a signed-in subject with the admin role; everyone else gets the
 * sign-in screen, or, while the server has no administrator yet, the first-admin setup screen.
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const { state, reload } = useSession();
  const firstAdmin = useFirstAdminNeeded();
  const leave = async () => {
    try {
      await signOut();
    } catch (error) {
      notifyError(error);
    }
    await reload();
  };
  const admin = state.status === "signed-in" && isAdmin(state.subject);
  if (state.status === "loading" || (!admin && firstAdmin.needed === undefined)) {
    return (
      <Center h="100vh">
        <Loader />
      </Center>
    );
  }
  if (!admin && firstAdmin.needed) {
    const created = async () => {
      await reload();
      firstAdmin.close();
    };
    return <FirstAdminScreen onCreated={created} onClosed={firstAdmin.close} />;
  }
  if (state.status === "signed-out" || !isAdmin(state.subject)) {
    const notAdmin = state.status === "signed-in";
    return <SignInScreen onSignedIn={reload} notAdmin={notAdmin} onSignOut={leave} />;
  }
  return (
    <SessionContext.Provider value={{ subject: state.subject, signOut: leave }}>
      {children}
      <Suspense fallback={null}>
        <SessionEndedDialog email={emailOf(state.subject)} onSignOut={leave} />
      </Suspense>
    </SessionContext.Provider>
  );
}
