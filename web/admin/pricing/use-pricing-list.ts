import { useDebouncedValue } from "@mantine/hooks";
import { useCallback, useEffect, useState } from "react";
import { containsPattern, type Filter } from "../data/list-query.js";
import { notifyError } from "../notify.js";
import { loadPage } from "./pricing-api.js";

export const PAGE_SIZE = 20;

/** A page of rows with what names them (currencies, categories, products), loaded together. */
export interface NamedPage<T, N> {
  rows: T[];
  total: number;
  names: N;
}

/**
 * A pricing list screen's state: the search box, the page number, and the page of `modelId`'s
 * rows under the search's filters together with `names(rows)` — the look-ups that turn its ids
 * into words, made once for the whole page (never one call per row). The rows show only once
 * their names are in, so no id is ever on screen; the previous page stays while the next loads.
 */
export function usePricingList<T, N>(
  modelId: string,
  filtersFor: (search: string) => Filter[],
  names: (rows: T[], signal: AbortSignal) => Promise<N>,
) {
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(0);
  const [state, setState] = useState<{ data?: NamedPage<T, N>; loading: boolean }>({ loading: true });
  const [round, setRound] = useState(0);
  const filters = filtersFor(debounced.trim());
  const key = JSON.stringify([filters, page]);
  useEffect(() => {
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true }));
    (async () => {
      const { rows, total } = await loadPage<T>(
        modelId,
        filters,
        { limit: PAGE_SIZE, offset: page * PAGE_SIZE },
        controller.signal,
      );
      return { rows, total, names: await names(rows, controller.signal) };
    })().then(
      (data) => setState({ data, loading: false }),
      (error) => {
        if (controller.signal.aborted) return;
        setState((s) => ({ ...s, loading: false }));
        notifyError(error);
      },
    );
    return () => controller.abort();
  }, [modelId, key, round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  return {
    search: { value: search, onChange: setSearch },
    list: { data: state.data, loading: state.loading, page, onPage: setPage, pageSize: PAGE_SIZE },
    reload,
  };
}

/** The search box's text in any language of a title (`title->>en`, `title->>ru`…), as one or-group. */
export function titleSearch(text: string, languages: readonly string[], also: Filter[] = []): Filter[] {
  if (!text) return [];
  const value = containsPattern(text);
  return [
    {
      or: [
        ...languages.map((language) => ({ column: `title->>${language}`, method: "ilike", value })),
        ...also.flatMap((f) => ("or" in f ? f.or : [f])),
      ],
    },
  ];
}
