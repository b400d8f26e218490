import { Badge, Button } from "@mantine/core";
import { useState } from "react";
import { pageCopyTexts } from "./page-copy-texts.js";
import type { PageRow } from "./pages-api.js";
import { usePageCopy } from "./use-page-copy.js";

/**
 * The composer's Duplicate (a copy of the page, opened in the composer; of a template, a template)
 * and Save as template (a template copied from the page, which stays open). What is still being
 * typed is saved first (`flush`): the copy holds what the screen shows.
 */
export function PageCopyButtons({ page, flush }: { page: PageRow; flush(): Promise<void> }) {
  const c = pageCopyTexts();
  const { copy } = usePageCopy();
  const [running, setRunning] = useState<"duplicate" | "template">();
  const run = async (action: "duplicate" | "template") => {
    setRunning(action);
    await (action === "duplicate"
      ? copy(page, page.isTemplate ? { template: true } : {}, { before: flush })
      : copy(page, { template: true }, { stay: true, before: flush }));
    setRunning(undefined);
  };
  return (
    <>
      <Button
        variant="default"
        loading={running === "duplicate"}
        disabled={running !== undefined}
        onClick={() => void run("duplicate")}
        data-testid="composer-duplicate"
      >
        {c.duplicate}
      </Button>
      {page.isTemplate ? null : (
        <Button
          variant="default"
          loading={running === "template"}
          disabled={running !== undefined}
          onClick={() => void run("template")}
          data-testid="composer-save-template"
        >
          {c.saveAsTemplate}
        </Button>
      )}
    </>
  );
}

/** Says in the composer's heading that the page open is a template, which visitors never see. */
export function TemplateBadge({ page }: { page: PageRow }) {
  const c = pageCopyTexts();
  return page.isTemplate ? (
    <Badge color="grape" variant="light" title={c.templatesHelp} data-testid="composer-template-badge">
      {c.templateBadge}
    </Badge>
  ) : null;
}
