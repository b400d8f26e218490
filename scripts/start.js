// `npm start`. With NODE_ENV=production: the compiled server from `npm run build`
// (dist/server/main.js, built from app/main.ts), plain JavaScript, no TypeScript step at run time. Otherwise (development):
// the TypeScript sources through tsx, after rebuilding the browser bundles when web/ or common/ changed.
// Plain JavaScript itself, so production never loads tsx.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

if (process.env.NODE_ENV === "production") {
  const main = new URL("../dist/server/main.js", import.meta.url);
  if (!existsSync(fileURLToPath(main))) {
    console.error("dist/server/main.js is missing: run `npm run build` before starting with NODE_ENV=production");
    process.exit(1);
  }
  await import(main.href);
} else {
  const { register } = await import("tsx/esm/api");
  register();
  const { buildWebIfChanged } = await import("./build-web.ts");
  await buildWebIfChanged();
  await import("../app/main.ts");
}
