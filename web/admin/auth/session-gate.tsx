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
// Seen only by an administrator who must still turn on two-factor sign-in (it brings the QR code drawer).
const TwoFactorEnrolmentScreen = lazy(async () => ({
  default: (await import("./two-factor-enrolment-screen.js")).TwoFactorEnrolmentScreen,
}));
const loading = (
  <Center h="100vh">
    <Loader />
  </Center>
);

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
  if (state.status === "loading" || (!admin && firstAdmin.needed === undefined)) return loading;
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
  if (state.enrolmentOnly)
    return (
      <Suspense fallback={loading}>
        <TwoFactorEnrolmentScreen subjectId={state.subject.id} onEnrolled={reload} onSignOut={leave} />
      </Suspense>
    );
  return (
    <SessionContext.Provider value={{ subject: state.subject, signOut: leave }}>
      {children}
      <Suspense fallback={null}>
        <SessionEndedDialog email={emailOf(state.subject)} onSignOut={leave} />
      </Suspense>
    </SessionContext.Provider>
  );
}
