// A child of `npm run bench:site` (scripts/bench/site-compare.ts): the app of the checkout this
// file sits in, on its own PostgreSQL schema, with the 50-widget bench page. On the parent's
// "render" message it renders the page cold (HTML cache cleared) `count` times over HTTP and
// answers the wall times in ms. The parent copies this file into a baseline checkout too, so it
// uses only what both have (the app's build, buildWidgetPage, the site's page cache): a baseline
// from before app/ (the composition root, app/compose-app.ts) builds with server/app.ts's buildApp.
import { sql } from "kysely";
import { openDatabase } from "../../engine/db/open-database.js";
import { runTransaction } from "../../engine/query/transaction.js";
import { configFromEnv } from "../../server/config.js";
import { buildWidgetPage } from "../../server/seed/widget-page.js";

type Compose = typeof import("../../app/compose-app.js").composeApp;
const composeApp: Compose = await import("../../app/compose-app.js").then(
  (m) => m.composeApp,
  async () => (await import("../../server/app.js")).buildApp as unknown as Compose,
);

const schema = process.env.BENCH_SCHEMA!;
const database = await openDatabase({ url: process.env.BENCH_DATABASE_URL!, schema, poolSize: 4 });
// DRAFTS=off: the page written below is published as it is written, on this checkout as on a
// baseline from before drafts (which ignores the setting), so both render the same published page.
const app = await composeApp(
  { ...configFromEnv({}), drafts: false, seedDemoContent: false, logLevel: "silent" } as Parameters<
    typeof composeApp
  >[0],
  { database, logger: false },
);
await runTransaction(database, app.repositories, async (repo) => {
  await buildWidgetPage(repo, "/fifty", 50, "Fifty widgets");
  for (let i = 0; i < 6; i++) {
    await repo("blog/articles").create({
      slug: `bench-article-${i}`,
      title: { en: `Article ${i}`, ru: `Статья ${i}` },
    });
    await repo("ecommerce/products").create({
      slug: `bench-product-${i}`,
      title: { en: `Product ${i}`, ru: `Товар ${i}` },
    });
  }
});
const address = await app.listen({ port: 0, host: "127.0.0.1" });
const cache = (app as unknown as { site: { pages: { cache: { clear(): number } } } }).site.pages.cache;

async function stop() {
  await app.close();
  await sql
    .raw(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)
    .execute(database.db)
    .catch(() => {});
  await database.close();
  process.exit(0);
}
process.on("disconnect", () => void stop());
process.on("message", async (message: { render?: number; stop?: boolean }) => {
  if (message.stop) return stop();
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < (message.render ?? 1); i++) {
    cache.clear();
    const started = performance.now();
    const response = await fetch(`${address}/fifty`);
    const html = await response.text();
    times.push(performance.now() - started);
    if (response.status !== 200 || response.headers.get("x-cache") !== "MISS")
      throw new Error(`/fifty: ${response.status} ${response.headers.get("x-cache")}`);
    bytes = html.length;
  }
  process.send!({ times, bytes });
});
process.send!({ ready: true });
