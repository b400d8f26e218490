import { MantineProvider } from "@mantine/core";
import type { ReactNode } from "react";
import type { PageData } from "../../../common/site/page-data.js";
import { siteDataOf } from "../data/site-data.js";
import { FailuresContext, type Failures } from "./failures.js";
import { ErrorPanel } from "./error-page.js";
import { PageView } from "./page-view.js";
import { siteThemeFor, themeVariablesCss } from "./theme.js";
import { Toasts } from "./toasts.js";
import { SiteProvider } from "./use-site.js";
import { UsedVariantsContext } from "./used-variants.js";
import { VariantRegistryContext, type VariantLookup } from "./variant-registry-context.js";

/** Besides the page data, what the server tells the browser: known failures, or the page's error. */
export interface SiteState {
  failures: Failures;
  /** Set on the global error page: the message it shows (empty for the generic one). */
  error?: { message?: string };
  /**
   * The source files of the variants the server rendered (VariantEntry.file): the browser
   * imports them before it hydrates (their chunks are preloaded by the document's head).
   */
  variants?: string[];
  /**
   * The site's languages (the server's LANGUAGES and DEFAULT_LANGUAGE settings): the browser
   * applies them before it hydrates, so prefixes, the switcher and texts match the server's.
   */
  languages?: { list: string[]; default: string };
}

interface ProvidersProps {
  data: PageData;
  /** The variant registry (web/site/variants.ts's siteVariants), passed in by the render's root. */
  variants: VariantLookup;
  failures?: Failures;
  /** On the server: collects the variants the render uses. */
  used?: Set<string>;
  children?: ReactNode;
}

/** Mantine, toasts, the page data, the variants and the failure list around a subtree; shared by server and browser. */
export function SiteProviders({ data, variants, failures = {}, used, children }: ProvidersProps) {
  const site = siteDataOf(data);
  return (
    // The theme's CSS variables from a text computed once (themeVariablesCss), not by Mantine per render.
    <MantineProvider theme={siteThemeFor(data.language)} forceColorScheme="light" withCssVariables={false}>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the theme's own CSS text, computed from constants, never from input */}
      <style data-mantine-styles="true" dangerouslySetInnerHTML={{ __html: themeVariablesCss() }} />
      <Toasts />
      <FailuresContext.Provider value={failures}>
        <VariantRegistryContext.Provider value={variants}>
          <UsedVariantsContext.Provider value={used ?? null}>
            <SiteProvider site={site}>{children}</SiteProvider>
          </UsedVariantsContext.Provider>
        </VariantRegistryContext.Provider>
      </FailuresContext.Provider>
    </MantineProvider>
  );
}

/** The whole public app: the page (or the error page) in a full-height column so footers sit low. */
export function SiteApp({
  data,
  variants,
  state = { failures: {} },
  used,
}: {
  data: PageData;
  variants: VariantLookup;
  state?: SiteState;
  used?: Set<string>;
}) {
  return (
    <SiteProviders data={data} variants={variants} failures={state.failures} used={used}>
      <div data-site-root="" style={{ minHeight: "100vh", display: "flex", flexDirection: "column" }}>
        {state.error ? <PageView before={<ErrorPanel message={state.error.message} />} /> : <PageView />}
      </div>
    </SiteProviders>
  );
}
