import { sql } from "kysely";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkGenerated, generate } from "../../engine/codegen/generate.js";
import { DestructiveMigrationError, migrate } from "../../engine/sql/migrator.js";
import { paths } from "../../server/config.js";
import { openTestDatabase, testDialect, type TestDatabase } from "../helpers/test-app.js";
import { entity, tempProject } from "../helpers/temp-project.js";

const columnsOf = async (t: TestDatabase, table: string) =>
  (
    await sql<{ column_name: string }>`SELECT column_name FROM information_schema.columns
      WHERE table_name = ${table} AND table_schema = current_schema()`.execute(t.database.db)
  ).rows.map((r) => r.column_name);

describe(`migrations on ${testDialect}`, () => {
  const project = tempProject({ "shop/things.json": entity("shop/things", { weight: { type: "integer" } }) });
  let t: TestDatabase;
  beforeAll(async () => void (t = await openTestDatabase()));
  afterAll(async () => {
    await t.drop();
    project.cleanup();
  });

  it("generates the first migration, the snapshot and the types, then nothing more", async () => {
    const first = await generate(project, "");
    expect(first.migration).toBe("0001_initial.sql");
    const text = readFileSync(join(project.migrationsDir, "0001_initial.sql"), "utf8");
    expect(text).toMatch(/do not edit/);
    expect(text).toContain(`CREATE TABLE "shop_things"`);
    expect(text).toContain(`CONSTRAINT "shop_things_slug_key" UNIQUE ("slug")`);
    expect(readFileSync(join(project.generatedDir, "models.ts"), "utf8")).toMatch(
      /^\/\/ generated .* do not edit[\s\S]*export interface ShopThings/,
    );
    expect((await generate(project, "")).migration).toBeUndefined();
    expect(await checkGenerated(project)).toEqual([]);
  });

  it("applies pending migrations once and journals them; a second start applies nothing", async () => {
    expect(await migrate(t.database.db, project.migrationsDir)).toEqual(["0001_initial"]);
    await sql`INSERT INTO "shop_things" ("adminTitle", "slug", "weight") VALUES ('A', 'a', 3)`.execute(t.database.db);
    expect(await migrate(t.database.db, project.migrationsDir)).toEqual([]);
    const journal = await sql<{ id: string }>`SELECT id FROM "_migrations"`.execute(t.database.db);
    expect(journal.rows.map((r) => r.id)).toEqual(["0001_initial"]);
  });

  it("reports schemas that changed without a migration, then migrates an added column keeping the rows", async () => {
    project.write(
      "shop/things.json",
      entity("shop/things", { weight: { type: "integer" }, colour: { type: "string", default: "red" } }),
    );
    expect((await checkGenerated(project)).join()).toMatch(/no migration/);
    const second = await generate(project, "add colour");
    expect(second.migration).toBe("0002_add_colour.sql");
    expect(second.changes.some((c) => c.destructive)).toBe(false);
    expect(await migrate(t.database.db, project.migrationsDir)).toEqual(["0002_add_colour"]);
    const rows = await sql<{ slug: string; colour: string }>`SELECT slug, colour FROM "shop_things"`.execute(
      t.database.db,
    );
    expect(rows.rows).toEqual([{ slug: "a", colour: "red" }]);
  });

  it("refuses a destructive migration without the flag, saying what it would drop", async () => {
    project.write("shop/things.json", entity("shop/things", { colour: { type: "string", default: "red" } }));
    const third = await generate(project, "drop weight");
    expect(readFileSync(join(project.migrationsDir, third.migration!), "utf8")).toMatch(
      /^-- destructive: drop column shop_things\.weight/m,
    );
    const refused = await migrate(t.database.db, project.migrationsDir).catch((e) => e);
    expect(refused).toBeInstanceOf(DestructiveMigrationError);
    expect(refused.message).toMatch(/ALLOW_DESTRUCTIVE_MIGRATIONS/);
    expect(refused.message).toMatch(/drop column shop_things\.weight/);
    expect(await columnsOf(t, "shop_things")).toContain("weight");
    expect(await migrate(t.database.db, project.migrationsDir, { allowDestructive: true })).toEqual([
      "0003_drop_weight",
    ]);
    expect(await columnsOf(t, "shop_things")).not.toContain("weight");
  });

  it("turns a text into a language map keeping each value (under en), with no destructive flag", async () => {
    await sql`INSERT INTO "shop_things" ("adminTitle", "slug", "colour") VALUES ('B', 'b', 'blue'), ('C', 'c', '')`.execute(
      t.database.db,
    );
    project.write("shop/things.json", entity("shop/things", { colour: { $ref: "../_defs/language-map" } }));
    const fourth = await generate(project, "colour per language");
    expect(fourth.changes.some((c) => c.destructive)).toBe(false);
    expect(await migrate(t.database.db, project.migrationsDir)).toEqual(["0004_colour_per_language"]);
    const rows = await sql<{
      slug: string;
      colour: unknown;
    }>`SELECT slug, colour FROM "shop_things" ORDER BY slug`.execute(t.database.db);
    expect(rows.rows).toEqual([
      { slug: "a", colour: { en: "red" } },
      { slug: "b", colour: { en: "blue" } },
      { slug: "c", colour: null },
    ]);
  });

  it("turns a text into a text-or-language-map keeping each value as a JSON string (a page's title), with no destructive flag", async () => {
    project.write(
      "shop/things.json",
      entity("shop/things", { colour: { $ref: "../_defs/language-map" }, label: { type: "string", default: "Thing" } }),
    );
    expect((await generate(project, "add label")).migration).toBe("0005_add_label.sql");
    expect(await migrate(t.database.db, project.migrationsDir)).toEqual(["0005_add_label"]);
    await sql`UPDATE "shop_things" SET "label" = 'Blue thing' WHERE slug = 'b'`.execute(t.database.db);
    project.write(
      "shop/things.json",
      entity("shop/things", {
        colour: { $ref: "../_defs/language-map" },
        label: { $ref: "../_defs/text-or-language-map", default: "Thing" },
      }),
    );
    const sixth = await generate(project, "label per language");
    expect(sixth.changes.some((c) => c.destructive)).toBe(false);
    expect(sixth.changes.map((c) => c.sql).join("\n")).toMatch(/USING to_jsonb\("label"\)/);
    expect(await migrate(t.database.db, project.migrationsDir)).toEqual(["0006_label_per_language"]);
    await sql`INSERT INTO "shop_things" ("adminTitle", "slug", "label") VALUES ('D', 'd', '{"en":"Dish","ru":"Блюдо"}'::jsonb)`.execute(
      t.database.db,
    );
    await sql`INSERT INTO "shop_things" ("adminTitle", "slug") VALUES ('E', 'e')`.execute(t.database.db);
    const rows = await sql<{
      slug: string;
      label: unknown;
    }>`SELECT slug, label FROM "shop_things" ORDER BY slug`.execute(t.database.db);
    expect(rows.rows).toEqual([
      { slug: "a", label: "Thing" },
      { slug: "b", label: "Blue thing" },
      { slug: "c", label: "Thing" },
      { slug: "d", label: { en: "Dish", ru: "Блюдо" } },
      { slug: "e", label: "Thing" },
    ]);
  });

  it("adds a searched model's stored document with its rows' words, and makes it again when a weight changes", async () => {
    const searched = (weight: string) =>
      entity("shop/things", {
        colour: { $ref: "../_defs/language-map", "x-search": weight },
        label: { $ref: "../_defs/text-or-language-map", default: "Thing" },
      });
    const documentOf = async (slug: string) =>
      (
        await sql<{
          document: string;
        }>`SELECT "search_en"::text AS document FROM "shop_things" WHERE slug = ${slug}`.execute(t.database.db)
      ).rows[0]!.document;
    const indexes = async () =>
      (
        await sql<{ name: string }>`SELECT indexname AS name FROM pg_indexes
          WHERE schemaname = current_schema() AND tablename = 'shop_things' AND indexname LIKE '%fts'`.execute(
          t.database.db,
        )
      ).rows.map((r) => r.name);
    project.write("shop/things.json", searched("A"));
    const seventh = await generate(project, "search colour");
    expect(seventh.changes.map((c) => c.sql).join("\n")).toMatch(/ADD COLUMN "search_en" tsvector GENERATED ALWAYS AS/);
    expect(await migrate(t.database.db, project.migrationsDir)).toEqual(["0007_search_colour"]);
    // The rows written before the migration have their words, and so does the next write.
    expect(await documentOf("b")).toBe("'blue':1A");
    await sql`UPDATE "shop_things" SET colour = '{"en":"Green tea"}'::jsonb WHERE slug = 'a'`.execute(t.database.db);
    expect(await documentOf("a")).toBe("'green':1A 'tea':2A");
    expect(await indexes()).toEqual(["shop_things_search_en_fts", "shop_things_search_ru_fts"]);

    project.write("shop/things.json", searched("B"));
    const eighth = await generate(project, "colour weighs less");
    expect(eighth.changes.some((c) => c.destructive)).toBe(false);
    expect(await migrate(t.database.db, project.migrationsDir)).toEqual(["0008_colour_weighs_less"]);
    expect(await documentOf("b")).toBe("'blue':1B");
    expect(await indexes()).toEqual(["shop_things_search_en_fts", "shop_things_search_ru_fts"]);
    expect(await checkGenerated(project)).toEqual([]);
  });

  it("refuses to run when an applied migration was edited", async () => {
    const file = join(project.migrationsDir, "0001_initial.sql");
    const original = readFileSync(file, "utf8");
    writeFileSync(file, `${original}\n-- edited\n`);
    await expect(migrate(t.database.db, project.migrationsDir)).rejects.toThrow(
      /0001_initial was changed after it was applied/,
    );
    writeFileSync(file, original);
  });

  it("lets several instances start at once: the advisory lock makes one migrate and the others wait", async () => {
    const other = tempProject({ "shop/items.json": entity("shop/items") });
    await generate(other, "");
    const fresh = await openTestDatabase();
    try {
      const results = await Promise.all([1, 2, 3].map(() => migrate(fresh.database.db, other.migrationsDir)));
      expect(results.flat()).toEqual(["0001_initial"]);
    } finally {
      await fresh.drop();
      other.cleanup();
    }
  });
});

describe("the committed migrations", () => {
  it("agree with schemas/ (generate:check)", async () => {
    expect(
      await checkGenerated({
        schemasDir: paths.schemas,
        migrationsDir: paths.migrations,
        generatedDir: paths.generated,
      }),
    ).toEqual([]);
  });

  it("keep every identifier within PostgreSQL's 63 characters", () => {
    const text = readFileSync(join(paths.migrations, "0001_initial.sql"), "utf8");
    const identifiers = [...text.matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
    expect(identifiers.length).toBeGreaterThan(500);
    expect(identifiers.filter((name) => Buffer.byteLength(name) > 63)).toEqual([]);
  });
});
