import { renderToString } from "react-dom/server";
import { DEFAULT_LANGUAGE, LANGUAGES, type Language, type PageData } from "../../../common/site/page-data.js";
import { SiteData, siteDataOf } from "../data/site-data.js";
import { pageWidgets } from "./external-widgets.js";
import { failureKey, type Failures } from "./failures.js";
import { deferredChunksTag, type SiteAssets } from "./asset-tags.js";
import { assetTags, metadataTags } from "./head.js";
import { DATA_SCRIPT_ID, embedJson, escapeHtml, STATE_SCRIPT_ID } from "../../../common/site/html.js";
import { SiteApp, SiteProviders, type SiteState } from "./site-app.js";
import { uiText } from "../i18n/ui-strings.js";
import { VariantView } from "./variant-view.js";
import { loadAllVariants, siteVariants } from "../variants.js";

export type { DocumentAssets } from "./head.js";
export type { SiteAssets } from "./asset-tags.js";

// The server renders synchronously: every variant's code is imported once, before the first page.
await loadAllVariants();

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error)) || "Error";

/**
 * React runs no error boundaries on the server: a throwing widget fails the whole render. Then
 * each widget is rendered alone to find the ones that throw, and the page renders again with
 * those shown as error boxes (the same boxes the browser's boundaries would show).
 */
function renderApp(data: PageData, error?: SiteState["error"]): { html: string; state: SiteState } {
  const first: SiteState = { failures: {}, error };
  try {
    return rendered(data, first);
  } catch (failure) {
    const failures: Failures = {};
    // Module widgets first: a host widget only counts as failed if it fails with them boxed.
    const placed = pageWidgets(siteDataOf(data));
    const ordered = [
      ...placed.filter((p) => p.model !== "host/widgets"),
      ...placed.filter((p) => p.model === "host/widgets"),
    ];
    for (const placed of ordered) {
      try {
        renderToString(
          <SiteProviders data={data} variants={siteVariants} failures={failures}>
            <VariantView {...placed} />
          </SiteProviders>,
        );
      } catch (widgetError) {
        failures[failureKey(placed.model, placed.record.id)] = errorMessage(widgetError);
      }
    }
    // A failure outside every widget (a layout, the page itself) is the error page's business.
    if (!Object.keys(failures).length) throw failure;
    return rendered(data, { failures, error });
  }
}

/** One render of the whole app; the state it returns lists the variants the render used. */
function rendered(data: PageData, state: SiteState): { html: string; state: SiteState } {
  const used = new Set<string>();
  const html = renderToString(<SiteApp data={data} variants={siteVariants} state={state} used={used} />);
  return { html, state: { ...state, variants: [...used].sort() } };
}

function documentHtml(
  data: PageData,
  state: SiteState,
  app: string,
  assets: SiteAssets,
  head: string,
  status?: number,
): string {
  const robots = status && status >= 400 ? `<meta name="robots" content="noindex">` : "";
  return (
    `<!doctype html><html lang="${escapeHtml(data.language)}" data-mantine-color-scheme="light">` +
    `<head><meta charset="utf-8">${head}${robots}<meta name="theme-color" content="#4c6ef5">${assetTags(assets)}</head>` +
    `<body><div id="root">${app}</div>` +
    `<script id="${DATA_SCRIPT_ID}" type="application/json">${embedJson(data)}</script>` +
    `<script id="${STATE_SCRIPT_ID}" type="application/json">${embedJson({ ...state, languages: { list: [...LANGUAGES], default: DEFAULT_LANGUAGE } })}</script>` +
    deferredChunksTag(assets, state.variants ?? []) +
    `</body></html>`
  );
}

/** The full HTML of a public page: metadata in <head>, the rendered app, and its data for hydration. */
export function renderDocument(
  data: PageData,
  assets: SiteAssets,
  options: { status?: number; origin?: string } = {},
): string {
  const { html, state } = renderApp(data);
  return documentHtml(
    data,
    state,
    html,
    assets,
    metadataTags(siteDataOf(data), options.origin, options.status),
    options.status,
  );
}

/** The head of an error page with no hosted page of its own: a title and the viewport. */
const bareHead = (title: string) =>
  `<title>${escapeHtml(title)}</title><meta name="viewport" content="width=device-width, initial-scale=1">`;

export interface ErrorDocumentOptions {
  /** Shown as the page's heading; the generic 'Oh no! Something went wrong...' when empty. */
  message?: string;
  /** The hosted /500 page, when one exists: its layouts and widgets render around the message. */
  hosted?: PageData;
  language?: Language;
  status?: number;
}

/** The global error page: the message and a Reload button, inside the hosted /500 page when there is one. */
export function renderErrorDocument(assets: SiteAssets, options: ErrorDocumentOptions = {}): string {
  const language = options.language ?? options.hosted?.language ?? DEFAULT_LANGUAGE;
  const data: PageData = options.hosted
    ? { ...options.hosted, language }
    : { language, path: "/500", pageId: "", segments: {}, records: {}, lists: {}, relations: {} };
  const error = { message: options.message ?? "" };
  const site = new SiteData(data);
  let rendered: { html: string; state: SiteState };
  try {
    rendered = renderApp(data, error);
  } catch {
    // The hosted page itself failed: the bare error page still has to come out.
    const bare: PageData = { ...data, pageId: "", records: {} };
    rendered = renderApp(bare, error);
    return documentHtml(
      bare,
      rendered.state,
      rendered.html,
      assets,
      bareHead(uiText("error", language)),
      options.status ?? 500,
    );
  }
  const head = site.page ? metadataTags(site) : bareHead(options.message || uiText("somethingWrong", language));
  return documentHtml(data, rendered.state, rendered.html, assets, head, options.status ?? 500);
}
