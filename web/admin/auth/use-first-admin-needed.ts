import { useEffect, useState } from "react";
import { api } from "../../api/client.js";
import { AUTH } from "./use-session.js";

/** Whether the server still waits for its first administrator (undefined while asking). */
export function useFirstAdminNeeded() {
  const [needed, setNeeded] = useState<boolean>();
  useEffect(() => {
    // A server that cannot say (an older one, a network error) gets the ordinary sign-in screen.
    api<{ needed: boolean }>(`${AUTH}/first-admin`)
      .then((answer) => setNeeded(answer.needed))
      .catch(() => setNeeded(false));
  }, []);
  return { needed, close: () => setNeeded(false) };
}
