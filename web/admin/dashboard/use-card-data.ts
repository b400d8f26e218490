import { useCallback, useEffect, useState } from "react";
import { ApiError } from "../../api/client.js";

/**
 * loading, ready, failed (the card says so, with Try again), or forbidden: the server refused the
 * signed-in person (a 403), and the card is not shown at all. The server decides who sees what;
 * the admin learns it from the answer, as a record's History does (activity/record-history.tsx).
 */
export type CardStatus = "loading" | "ready" | "failed" | "forbidden";

export interface CardData<T> {
  status: CardStatus;
  data?: T;
  retry(): void;
}

/** What `load` answers, read once when the card is shown and again on `retry`; aborted when the card goes. */
export function useCardData<T>(load: (signal: AbortSignal) => Promise<T>): CardData<T> {
  const [state, setState] = useState<{ status: CardStatus; data?: T }>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: "loading" });
    load(controller.signal)
      .then((data) => setState({ status: "ready", data }))
      .catch((error) => {
        if (controller.signal.aborted) return;
        setState({ status: error instanceof ApiError && error.status === 403 ? "forbidden" : "failed" });
      });
    return () => controller.abort();
    // `load` is the card's one request, made anew on each render: the attempt says when to ask again.
  }, [attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}
