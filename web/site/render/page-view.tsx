import { createContext, useContext, type ReactNode } from "react";
import { PageHeading } from "./page-heading.js";
import { RelatedViews, VariantView } from "./variant-view.js";
import { useSite } from "./use-site.js";

const PageContent = createContext<ReactNode>(null);

/** Inside a layout variant: the page (or the next layout) the layout wraps. */
export function usePageContent(): ReactNode {
  return useContext(PageContent);
}

/** The page's own widgets: host/pages-to-widgets → host/widgets, each by its variant. */
export function PageWidgets({ before }: { before?: ReactNode }) {
  const site = useSite();
  const page = site.page;
  return (
    <main className={typeof page?.className === "string" ? page.className : undefined} style={{ flex: 1 }}>
      {before ? before : <PageHeading site={site} />}
      {page ? <RelatedViews relationModel="host/pages-to-widgets" parentId={page.id} /> : null}
    </main>
  );
}

/**
 * page → layouts → widgets: the page's layouts (host/pages-to-layouts, in order) nest, the first
 * outermost, each wrapping the next and finally the page's own widgets. `before` goes first in
 * <main> (the error page puts its message there, above a hosted /500 page's widgets).
 */
export function PageView({ before }: { before?: ReactNode }) {
  const site = useSite();
  const page = site.page;
  const layouts = page ? site.related("host/pages-to-layouts", page.id) : [];
  return layouts.reduceRight<ReactNode>(
    (inner, { relation, record }) => (
      <PageContent.Provider key={relation.id} value={inner}>
        <VariantView model="host/layouts" record={record} relation={relation} />
      </PageContent.Provider>
    ),
    <PageWidgets before={before} />,
  );
}
