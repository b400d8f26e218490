import { useState } from "react";
import { useNavigate } from "react-router";
import { notifyError, notifySuccess } from "../notify.js";
import { pageCopyTexts } from "./page-copy-texts.js";
import { duplicatePage, textOf, type PageCopy, type PageRow } from "./pages-api.js";
import { pagesTexts } from "./pages-texts.js";

/**
 * Duplicate page and Save as template, as the pages list and the composer call them: the copy is
 * made on the server (one transaction) and named in a toast by its title; then it opens in the
 * composer, but for Save as template (`stay`), after which the editor goes on with the page.
 * `busy` is the id of the page being copied.
 */
export function usePageCopy() {
  const t = pagesTexts();
  const c = pageCopyTexts();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<string>();
  const copy = async (
    source: Pick<PageRow, "id">,
    request: PageCopy = {},
    options: { stay?: boolean; before?: () => Promise<void> } = {},
  ) => {
    setBusy(source.id);
    try {
      await options.before?.();
      const page = await duplicatePage(source.id, request);
      const name = textOf(page.title, t.language) || page.adminTitle || page.url;
      notifySuccess(options.stay ? c.templateSaved(name) : c.duplicated(name));
      if (!options.stay) navigate(`/admin/pages/${page.id}`);
      return page;
    } catch (error) {
      notifyError(error);
      return undefined;
    } finally {
      setBusy(undefined);
    }
  };
  return { busy, copy };
}
