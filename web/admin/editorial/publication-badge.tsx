import { Badge, Tooltip } from "@mantine/core";
import type { Publication } from "./editorial-api.js";
import { editorialTexts, formatWhen } from "./editorial-texts.js";

type Shown = "draft" | "published" | "changed" | "scheduled" | "partial";

const COLORS: Record<Shown, string> = {
  draft: "gray",
  published: "green",
  changed: "orange",
  scheduled: "blue",
  partial: "yellow",
};

/**
 * What the badge says: a pending scheduled publish outranks the state it will end; `partial` (the
 * screen's last publish left records the editor may not publish behind) turns Published — or
 * Changed, as the page's tree state reads with those records unpublished — into Partly published.
 */
export function shownState(publication: Publication | undefined, partial = false): Shown | undefined {
  if (!publication) return undefined;
  if (publication.publishAt) return "scheduled";
  // Right after such a publish the tree is changed because of what stayed behind: say why.
  return partial && (publication.state === "published" || publication.state === "changed")
    ? "partial"
    : publication.state;
}

/** Draft / Published / Changed / Scheduled / Partly published for an x-drafts record, with what it means on hover. */
export function PublicationBadge({
  publication,
  partial,
}: {
  publication: Publication | undefined;
  partial?: boolean;
}) {
  const t = editorialTexts();
  const shown = shownState(publication, partial);
  if (!shown) return null;
  const hint =
    shown === "scheduled"
      ? `${t.stateHints.scheduled}: ${formatWhen(publication!.publishAt, t.language)}`
      : t.stateHints[shown];
  return (
    <Tooltip label={hint} withinPortal>
      <Badge
        variant="dot"
        color={COLORS[shown]}
        data-testid="publication-badge"
        data-state={shown}
        style={{ minWidth: "max-content" }}
      >
        {t.states[shown]}
      </Badge>
    </Tooltip>
  );
}
