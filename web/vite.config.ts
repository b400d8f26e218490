import { fileURLToPath } from "node:url";
import { resolve } from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig, type UserConfig } from "vite";
import type { CodeSplittingGroup } from "rolldown";
import { siteChunkGroups } from "./chunk-plan.js";

const web = fileURLToPath(new URL(".", import.meta.url));

/**
 * The two browser apps, built one after the other into web/dist (served under /static by the
 * server, server/delivery/): the admin (an HTML entry, client-rendered at /admin) and the site's
 * hydration script (server-rendered HTML links it through the manifest). Built apart so that
 * neither shapes the other's chunks: in one build every module the admin also used became a
 * chunk of its own on the site's side, some 55 files for the home page.
 */
export const SITE_ENTRY = resolve(web, "site/entry-client.tsx");
const ADMIN_ENTRY = resolve(web, "admin/index.html");

/** A library's JavaScript modules (its style sheets go with the app's CSS, not into its chunk). */
export const lib = (names: string) => {
  const path = new RegExp(`node_modules[\\\\/](${names})[\\\\/]`);
  return (id: string) => path.test(id) && !id.endsWith(".css");
};

/**
 * Libraries kept in chunks of their own, so the automatic splitting (which groups modules by
 * the set of entries and lazy imports reaching them) cannot glue a piece every page needs to
 * one only a dialog needs: React for every page; the toasts' store (small, imported by every
 * page's session code) apart from the toasts' container; the scroll lock of modals and drawers
 * and floating-ui (menus, popovers) only where those are opened.
 */
export const LIBRARY_GROUPS = [
  { name: "react", test: lib("react|react-dom|scheduler"), priority: 5 },
  {
    name: "notifications-store",
    test: /@mantine[\\/]notifications[\\/].*notifications\.store|@mantine[\\/]store[\\/]/,
    priority: 4,
  },
  { name: "notifications", test: lib("@mantine/notifications|react-transition-group"), priority: 3 },
  {
    name: "remove-scroll",
    test: lib(
      "react-remove-scroll|react-remove-scroll-bar|use-sidecar|react-style-singleton|use-callback-ref|get-nonce|tslib",
    ),
    priority: 3,
  },
  {
    name: "floating-ui",
    test: lib("@floating-ui/react|@floating-ui/react-dom|@floating-ui/dom|@floating-ui/core|@floating-ui/utils"),
    priority: 3,
  },
];

function appConfig(
  input: string,
  options: { emptyOutDir: boolean; manifest: boolean; groups: CodeSplittingGroup[] },
): UserConfig {
  return {
    root: web,
    base: "/static/",
    plugins: [react()],
    logLevel: "warn",
    build: {
      outDir: resolve(web, "dist"),
      emptyOutDir: options.emptyOutDir,
      manifest: options.manifest,
      sourcemap: false,
      chunkSizeWarningLimit: 4000,
      rolldownOptions: {
        input,
        output: {
          codeSplitting: {
            groups: options.groups,
            // A group holds its own libraries, not what they import (Mantine's core stays shared).
            includeDependenciesRecursively: false,
            // Tiny shared chunks (a hook, a helper) are copied into their importers rather than
            // fetched one request each.
            experimentalInlineCommonChunks: { maxSize: 1024 },
          },
        },
      },
    },
  };
}

/** The site first (it empties web/dist and writes the manifest the server reads), then the admin. */
export const siteConfig = defineConfig(
  appConfig(SITE_ENTRY, {
    emptyOutDir: true,
    manifest: true,
    groups: [...LIBRARY_GROUPS, ...siteChunkGroups(SITE_ENTRY)],
  }),
);
export const adminConfig = defineConfig(
  appConfig(ADMIN_ENTRY, { emptyOutDir: false, manifest: false, groups: LIBRARY_GROUPS }),
);

export default siteConfig;
