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
    rollupOptions: {
      input: Object.fromEntries(Object.entries(entries).filter(([, file]) => existsSync(file))),
    },
  },
});
