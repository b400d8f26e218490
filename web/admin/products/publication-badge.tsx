import { Badge, Tooltip } from "@mantine/core";
import type { Publication } from "./product-api.js";
import type { ProductsTexts } from "./products-texts.js";

const COLORS: Record<string, string> = { draft: "gray", published: "green", changed: "orange" };

/** Draft / Published / Changed, from the record's read-only `publication` (docs/drafts.md). */
export function PublicationBadge({ publication, t }: { publication: Publication | undefined; t: ProductsTexts }) {
  const state = publication?.state ?? "draft";
  return (
    <Tooltip label={t.stateHelp[state]} withArrow>
      <Badge color={COLORS[state] ?? "gray"} variant="light" data-testid="product-state" data-state={state}>
        {t.states[state] ?? state}
      </Badge>
    </Tooltip>
  );
}
