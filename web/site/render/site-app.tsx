import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { useMemo, type ReactNode } from "react";
import type { PageData } from "../data/page-data.js";
import { SiteData } from "../data/site-data.js";
import { FailuresContext, type Failures } from "./failures.js";
import { ErrorPanel } from "./error-page.js";
import { PageView } from "./page-view.js";
import { siteTheme } from "./theme.js";
import { SiteProvider } from "./use-site.js";

/** Besides the page data, what the server tells the browser: known failures, or the page's error. */
export interface SiteState {
  failures: Failures;
  /** Set on the global error page: the message it shows (empty for the generic one). */
  error?: { message?: string };
}

/** Mantine, toasts, the page data and the failure list around a subtree; shared by server and browser. */
export function SiteProviders({ data, failures = {}, children }: { data: PageData; failures?: Failures; children?: ReactNode }) {
  const site = useMemo(() => new SiteData(data), [data]);
  return (
    <MantineProvider theme={siteTheme} forceColorScheme="light">
      <Notifications position="top-right" zIndex={1000} />
      <FailuresContext.Provider value={failures}>
        <SiteProvider site={site}>{children}</SiteProvider>
      </FailuresContext.Provider>
    </MantineProvider>
  );
}

/** The whole public app: the page (or the error page) in a full-height column so footers sit low. */
export function SiteApp({ data, state = { failures: {} } }: { data: PageData; state?: SiteState }) {
  return (
    <SiteProviders data={data} failures={state.failures}>
      <div data-site-root="" style={{ minHeight: "100vh", display: "flex", flexDirection: "column" }}>
        {state.error ? <PageView before={<ErrorPanel message={state.error.message} />} /> : <PageView />}
      </div>
    </SiteProviders>
  );
}
