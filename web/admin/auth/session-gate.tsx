import { Center, Loader } from "@mantine/core";
import type { ReactNode } from "react";
import { notifyError } from "../notify.js";
import { SessionContext } from "./session-context.js";
import { SignInScreen } from "./sign-in-screen.js";
import { isAdmin, signOut, useSession } from "./use-session.js";

/** Renders the admin only for a signed-in subject with the admin role; everyone else gets the sign-in screen. */
export function SessionGate({ children }: { children: ReactNode }) {
  const { state, reload } = useSession();
  const leave = async () => {
    try {
      await signOut();
    } catch (error) {
      notifyError(error);
    }
    await reload();
  };
  if (state.status === "loading") {
    return (
      <Center h="100vh">
        <Loader />
      </Center>
    );
  }
  if (state.status === "signed-out" || !isAdmin(state.subject)) {
    const notAdmin = state.status === "signed-in";
    return <SignInScreen onSignedIn={reload} notAdmin={notAdmin} onSignOut={leave} />;
  }
  return <SessionContext.Provider value={{ subject: state.subject, signOut: leave }}>{children}</SessionContext.Provider>;
}
