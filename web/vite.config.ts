import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { resolve } from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const web = fileURLToPath(new URL(".", import.meta.url));

/**
 * One build for both browser apps: the admin (an HTML entry, client-rendered at /admin) and the
 * site's hydration script (server-rendered HTML links it through the manifest). Output goes to
 * web/dist, served under /static by the server (server/web/).
 */
const entries = {
  admin: resolve(web, "admin/index.html"),
  site: resolve(web, "site/entry-client.tsx"),
};

/** A library's JavaScript modules (its style sheets go with the site's CSS, not into its chunk). */
const lib = (names: string) => {
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
const CHUNK_GROUPS = [
  { name: "react", test: lib("react|react-dom|scheduler"), priority: 5 },
  { name: "notifications-store", test: /@mantine[\\/]notifications[\\/].*notifications\.store|@mantine[\\/]store[\\/]/, priority: 4 },
  { name: "notifications", test: lib("@mantine/notifications|react-transition-group"), priority: 3 },
  { name: "remove-scroll", test: lib("react-remove-scroll|react-remove-scroll-bar|use-sidecar|react-style-singleton|use-callback-ref|get-nonce|tslib"), priority: 3 },
  { name: "floating-ui", test: lib("@floating-ui/react|@floating-ui/react-dom|@floating-ui/dom|@floating-ui/core|@floating-ui/utils"), priority: 3 },
];

export default defineConfig({
  root: web,
  base: "/static/",
  plugins: [react()],
  logLevel: "warn",
  build: {
    outDir: resolve(web, "dist"),
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 4000,
    rolldownOptions: {
      input: Object.fromEntries(Object.entries(entries).filter(([, file]) => existsSync(file))),
      output: {
        codeSplitting: {
          groups: CHUNK_GROUPS,
          // A group holds its own libraries, not what they import (Mantine's core stays shared).
          includeDependenciesRecursively: false,
          // Tiny shared chunks (a hook, a helper) are copied into their importers rather than
          // fetched one request each.
          experimentalInlineCommonChunks: { maxSize: 1024 },
        },
      },
    },
  },
});
