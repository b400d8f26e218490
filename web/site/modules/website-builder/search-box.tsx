import { ActionIcon } from "@mantine/core";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { api } from "../../../api/client.js";
import { withLanguage } from "../../../../common/i18n/languages.js";
import {
  MAX_QUERY_LENGTH,
  MIN_SUGGEST_LENGTH,
  SEARCH_PATH,
  SEARCH_TYPES,
  type SearchHit,
} from "../../../../common/site/site-search.js";
import { useSite, useUiText } from "../../render/use-site.js";
import { HitSnippet, hitHref } from "./search-hit.js";

/** Suggestions asked for at most this often while typing. */
const DEBOUNCE_MS = 200;
const SUGGESTIONS = 6;

function SearchIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </svg>
  );
}

/**
 * The header's search box: a form that sends `q` to the results page (it works before hydration
 * and without scripts), and a WAI-ARIA combobox over /api/search's suggestions while typing
 * (from two characters, debounced). Arrows move through them, Enter opens the chosen one (or,
 * with none chosen, the results page), Escape closes the list. Below the large breakpoint the
 * form is folded behind a search icon button and opens as a panel under the header.
 */
export function SearchBox() {
  const site = useSite();
  const t = useUiText();
  const id = useId();
  const listId = `${id}-list`;
  const input = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState("");
  const [hits, setHits] = useState<SearchHit[]>([]);
  const [listOpen, setListOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [panelOpen, setPanelOpen] = useState(false);
  const language = site.language;

  useEffect(() => {
    const q = query.trim();
    if (q.length < MIN_SUGGEST_LENGTH) {
      setHits([]);
      setListOpen(false);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const answer = await api<{ data?: SearchHit[] }>("/api/search", {
          query: { q: q.slice(0, MAX_QUERY_LENGTH), language, types: SEARCH_TYPES.join(","), limit: SUGGESTIONS },
          signal: controller.signal,
          envelope: true,
        });
        setHits(Array.isArray(answer.data) ? answer.data : []);
        setActive(-1);
        setListOpen(true);
      } catch {
        // Aborted by the next keystroke, or refused: no suggestions; Enter still opens the results page.
        if (!controller.signal.aborted) setHits([]);
      }
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, language]);

  // The phone panel takes the focus when opened.
  useEffect(() => {
    if (panelOpen) input.current?.focus();
  }, [panelOpen]);

  const expanded = listOpen && hits.length > 0;
  const optionId = (index: number) => `${id}-option-${index}`;
  const open = (hit: SearchHit) => window.location.assign(hitHref(hit, language));

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (!hits.length) return;
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setListOpen(true);
      // Positions -1 (the text itself) to the last hit, wrapping around; a closed list opens at its end.
      setActive((current) => {
        if (!expanded) return step > 0 ? 0 : hits.length - 1;
        const next = current + step;
        return next >= hits.length ? -1 : next < -1 ? hits.length - 1 : next;
      });
    } else if (event.key === "Enter" && expanded && active >= 0 && active < hits.length) {
      event.preventDefault();
      open(hits[active]!);
    } else if (event.key === "Escape") {
      if (expanded) {
        event.preventDefault();
        setListOpen(false);
        setActive(-1);
      } else if (panelOpen) {
        setPanelOpen(false);
      }
    }
  };

  return (
    <search className="s-search">
      <ActionIcon
        variant="default"
        size="lg"
        radius="md"
        hiddenFrom="lg"
        aria-label={panelOpen ? t("closeSearch") : t("openSearch")}
        aria-expanded={panelOpen}
        onClick={() => setPanelOpen((value) => !value)}
        data-search-toggle=""
      >
        <SearchIcon />
      </ActionIcon>
      <form
        action={withLanguage(SEARCH_PATH, language)}
        method="get"
        className="s-search-form"
        data-open={panelOpen ? "" : undefined}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setListOpen(false);
        }}
      >
        <span className="s-search-icon">
          <SearchIcon />
        </span>
        <input
          ref={input}
          className="s-search-input"
          type="search"
          name="q"
          value={query}
          maxLength={MAX_QUERY_LENGTH}
          placeholder={t("searchPlaceholder")}
          aria-label={t("search")}
          autoComplete="off"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 && active < hits.length ? optionId(active) : undefined}
          onChange={(event) => setQuery(event.target.value)}
          onFocus={() => hits.length && setListOpen(true)}
          onKeyDown={onKeyDown}
          data-search-input=""
        />
        <div
          id={listId}
          role="listbox"
          aria-label={t("searchSuggestions")}
          className="s-search-list"
          hidden={!expanded}
        >
          {hits.map((hit, index) => (
            // Options are not links (a listbox holds no focusable content): a click opens the hit; the
            // keyboard works the combobox's input (arrows, Enter), which names the active option.
            // biome-ignore lint/a11y/useFocusableInteractive: aria-activedescendant, not focus, moves through options.
            // biome-ignore lint/a11y/useKeyWithClickEvents: the input takes the keys (see above).
            <div
              key={`${hit.type}:${hit.id}`}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className="s-search-option"
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => setActive(index)}
              onClick={() => open(hit)}
              data-search-option={hit.type}
            >
              <span className="s-search-option-title">{hit.title}</span>
              <HitSnippet snippet={hit.snippet} className="s-search-option-snippet" />
            </div>
          ))}
        </div>
        <span className="s-visually-hidden" aria-live="polite">
          {listOpen && query.trim().length >= MIN_SUGGEST_LENGTH
            ? hits.length
              ? t("searchSuggestionCount").replace("{count}", String(hits.length))
              : t("searchNoSuggestions")
            : ""}
        </span>
      </form>
    </search>
  );
}
