import { useDebouncedValue } from "@mantine/hooks";
import { useEffect, useState } from "react";
import { api } from "../../api/client.js";
import { searchTexts } from "./search-texts.js";

/** One record found by GET /api/admin/search (server/modules/admin/global-search.ts). */
export interface FoundRecord {
  model: string;
  id: string;
  /** The record as a person knows it ("About us", "#1a2b3c4d · ann@example.com · €64.50 · EUR"). */
  label: string;
  /** What it is, in the admin's language ("Page · /about", "Product"). */
  detail: string;
  /** The admin path that opens it. */
  screen: string;
}

export type SearchState = "idle" | "searching" | "done" | "failed";

/** The longest text the route takes (global-search-route.ts). */
const TEXT_MAX = 200;
/** A pause in typing before asking: one request per word typed, not per key. */
const DEBOUNCE_MS = 200;

/**
 * The records found for `text`, asked for a moment after the typing stops; an answer to an older
 * text is dropped (its request aborted), so the list always belongs to what the box says.
 */
export function useGlobalSearch(text: string): { results: FoundRecord[]; state: SearchState; searched: string } {
  const [debounced] = useDebouncedValue(text.trim().slice(0, TEXT_MAX), DEBOUNCE_MS);
  const [answer, setAnswer] = useState<{ results: FoundRecord[]; state: SearchState; searched: string }>({
    results: [],
    state: "idle",
    searched: "",
  });
  useEffect(() => {
    if (!debounced) {
      setAnswer({ results: [], state: "idle", searched: "" });
      return;
    }
    const controller = new AbortController();
    setAnswer((previous) => ({ ...previous, state: "searching" }));
    api<FoundRecord[]>("/api/admin/search", {
      query: { q: debounced, limit: 20, language: searchTexts().language },
      signal: controller.signal,
    }).then(
      (results) => setAnswer({ results, state: "done", searched: debounced }),
      () => {
        if (!controller.signal.aborted) setAnswer({ results: [], state: "failed", searched: debounced });
      },
    );
    return () => controller.abort();
  }, [debounced]);
  // Typing again shows the old list until the new one comes, marked as being searched.
  const waiting = text.trim() !== "" && text.trim().slice(0, TEXT_MAX) !== answer.searched;
  return text.trim()
    ? { ...answer, state: waiting ? "searching" : answer.state }
    : { results: [], state: "idle", searched: "" };
}
