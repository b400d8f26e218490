import { Badge, Tooltip } from "@mantine/core";
import type { Publication } from "./editorial-api.js";
import { editorialTexts, formatWhen } from "./editorial-texts.js";

type Shown = "draft" | "published" | "changed" | "scheduled";

const COLORS: Record<Shown, string> = { draft: "gray", published: "green", changed: "orange", scheduled: "blue" };

/** What the badge says: a pending scheduled publish outranks the state it will end. */
export function shownState(publication: Publication | undefined): Shown | undefined {
  if (!publication) return undefined;
  if (publication.publishAt) return "scheduled";
  return publication.state;
}

/** Draft / Published / Changed / Scheduled for an x-drafts record, with what it means on hover. */
export function PublicationBadge({ publication }: { publication: Publication | undefined }) {
  const t = editorialTexts();
  const shown = shownState(publication);
  if (!shown) return null;
  const hint = shown === "scheduled" ? `${t.stateHints.scheduled}: ${formatWhen(publication!.publishAt, t.language)}` : t.stateHints[shown];
  return (
    <Tooltip label={hint} withinPortal>
      <Badge variant="dot" color={COLORS[shown]} data-testid="publication-badge" data-state={shown} style={{ minWidth: "max-content" }}>
        {t.states[shown]}
      </Badge>
    </Tooltip>
  );
}
