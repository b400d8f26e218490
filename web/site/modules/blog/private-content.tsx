import { Alert } from "@mantine/core";
import { useEffect, useMemo, useState } from "react";
import type { PageData } from "../../../../common/site/page-data.js";
import { SiteData } from "../../data/site-data.js";
import { LoadingSkeleton } from "../../render/loading-skeleton.js";
import { SiteProvider, useSite, useUiText } from "../../render/use-site.js";
import { RelatedViews } from "../../render/variant-view.js";
import { loadPrivateWidgets, PRIVATE_RELATION } from "./private-widgets.js";
import { showToast } from "../../../ui/toast.js";

export type PrivateState =
  | { status: "loading" }
  | { status: "denied" }
  | { status: "failed" }
  | { status: "ready"; data: PageData };

/**
 * An article's private widgets: asked for after hydration (the server's HTML is shared by every
 * visitor, so it shows the skeleton), then rendered, or 'Not authorized' for a visitor who may
 * not read them.
 */
export function PrivateContent({ articleId }: { articleId: string }) {
  const site = useSite();
  const [state, setState] = useState<PrivateState>({ status: "loading" });

  useEffect(() => {
    const controller = new AbortController();
    loadPrivateWidgets(site.data, articleId, controller.signal)
      .then((data) => setState(data ? { status: "ready", data } : { status: "denied" }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        showToast({ color: "red", message: error instanceof Error ? error.message : String(error) });
        setState({ status: "failed" });
      });
    return () => controller.abort();
  }, [site, articleId]);

  return <PrivateContentView state={state} articleId={articleId} />;
}

/** What each state of the private content shows: skeleton, 'Not authorized', or the widgets. */
export function PrivateContentView({ state, articleId }: { state: PrivateState; articleId: string }) {
  const t = useUiText();
  const privateSite = useMemo(() => (state.status === "ready" ? new SiteData(state.data) : undefined), [state]);
  if (state.status === "loading") return <LoadingSkeleton />;
  if (state.status === "denied")
    return (
      <Alert color="gray" variant="light" data-private="denied">
        {t("notAuthorized")}
      </Alert>
    );
  if (!privateSite) return null;
  return (
    <div data-private="ready">
      <SiteProvider site={privateSite}>
        <RelatedViews relationModel={PRIVATE_RELATION} parentId={articleId} />
      </SiteProvider>
    </div>
  );
}
