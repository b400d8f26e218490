import { afterEach, describe, expect, it } from "vitest";
import { loadRegistry } from "../../engine/schema/load.js";
import { SchemaError } from "../../engine/schema/schema-error.js";
import { snapshotOf } from "../../engine/sql/snapshot.js";
import { paths } from "../../server/config.js";
import { entity, tempProject } from "../helpers/temp-project.js";

const cases: { name: string; files: Record<string, unknown>; file: string; path: string; says: RegExp }[] = [
  {
    name: "invalid JSON",
    files: { "shop/things.json": "{ nope" },
    file: "shop/things.json",
    path: "/",
    says: /not valid JSON/,
  },
  {
    name: "$id that does not match the path",
    files: { "shop/things.json": entity("shop/other") },
    file: "shop/things.json",
    path: "/$id",
    says: /must be "shop\/things"/,
  },
  {
    name: "unknown x- keyword",
    files: { "shop/things.json": entity("shop/things", { size: { type: "integer", "x-uniq": true } }) },
    file: "shop/things.json",
    path: "/properties/size/x-uniq",
    says: /not a known keyword/,
  },
  {
    name: "unknown type",
    files: { "shop/things.json": entity("shop/things", { size: { type: "decimal" } }) },
    file: "shop/things.json",
    path: "/properties/size/type",
    says: /allowed values/,
  },
  {
    name: "foreign key to a missing model",
    files: {
      "shop/things.json": entity("shop/things", {
        ownerId: { type: "string", format: "uuid", "x-references": { model: "shop/owners", onDelete: "cascade" } },
      }),
    },
    file: "shop/things.json",
    path: "/properties/ownerId/x-references/model",
    says: /missing model shop\/owners/,
  },
  {
    name: "foreign key that is not a uuid",
    files: {
      "shop/owners.json": entity("shop/owners"),
      "shop/things.json": entity("shop/things", {
        ownerId: { type: "string", "x-references": { model: "shop/owners", onDelete: "cascade" } },
      }),
    },
    file: "shop/things.json",
    path: "/properties/ownerId/x-references",
    says: /needs format uuid/,
  },
  {
    name: "x-search on a field that is not text",
    files: { "shop/things.json": entity("shop/things", { size: { type: "integer", "x-search": true } }) },
    file: "shop/things.json",
    path: "/properties/size/x-search",
    says: /needs a plain string or a language map/,
  },
  {
    name: "required names a missing property",
    files: { "shop/things.json": entity("shop/things", {}, { required: ["weight"] }) },
    file: "shop/things.json",
    path: "/required/0",
    says: /missing property weight/,
  },
  {
    name: "default outside its enum",
    files: { "shop/things.json": entity("shop/things", { kind: { type: "string", enum: ["a", "b"], default: "c" } }) },
    file: "shop/things.json",
    path: "/properties/kind/default",
    says: /not one of enum/,
  },
  {
    name: "x-enum-from together with enum",
    files: {
      "shop/things.json": entity("shop/things", { kind: { type: "string", enum: ["a"], "x-enum-from": "kinds" } }),
    },
    file: "shop/things.json",
    path: "/properties/kind/x-enum-from",
    says: /cannot go with enum/,
  },
  {
    name: "x-enum-from on a number",
    files: { "shop/things.json": entity("shop/things", { kind: { type: "integer", "x-enum-from": "kinds" } }) },
    file: "shop/things.json",
    path: "/properties/kind/x-enum-from",
    says: /needs type string/,
  },
  {
    name: "unknown base",
    files: { "shop/things.json": { ...entity("shop/things"), allOf: [{ $ref: "../_defs/nothing" }] } },
    file: "shop/things.json",
    path: "/allOf/0/$ref",
    says: /allowed values/,
  },
  {
    name: "embedding a relation that does not point back",
    files: {
      "shop/things.json": entity("shop/things", {}, { "x-embed": ["shop/others"] }),
      "shop/others.json": entity("shop/others"),
    },
    file: "shop/things.json",
    path: "/x-embed/0",
    says: /no foreign key to shop\/things/,
  },
  {
    name: "x-owned on an entity",
    files: { "shop/things.json": entity("shop/things", {}, { "x-owned": true }) },
    file: "shop/things.json",
    path: "/x-owned",
    says: /relation with two foreign keys/,
  },
  {
    name: "an empty x-title",
    files: { "shop/things.json": entity("shop/things", { size: { type: "integer", "x-title": { ru: " " } } }) },
    file: "shop/things.json",
    path: "/properties/size/x-title/ru",
    says: /must match pattern/,
  },
  {
    name: "an x-title that is not a language map",
    files: { "shop/things.json": entity("shop/things", {}, { "x-title": "Вещь" }) },
    file: "shop/things.json",
    path: "/x-title",
    says: /must be object/,
  },
  {
    name: "an English x-title on a model",
    files: { "shop/things.json": entity("shop/things", {}, { "x-title": { en: "Thing", ru: "Вещь" } }) },
    file: "shop/things.json",
    path: "/x-title/en",
    says: /English is the title/,
  },
  {
    name: "an English x-title on a field",
    files: { "shop/things.json": entity("shop/things", { size: { type: "integer", "x-title": { en: "Size" } } }) },
    file: "shop/things.json",
    path: "/properties/size/x-title/en",
    says: /English is the title/,
  },
];

describe("schema loading", () => {
  let cleanup = () => {};
  afterEach(() => cleanup());

  it("loads every schema of the catalogue", () => {
    const registry = loadRegistry(paths.schemas);
    expect(registry.models.length).toBeGreaterThanOrEqual(103);
    const products = registry.get("ecommerce/products");
    expect(products.table).toBe("ecommerce_products");
    expect(products.fieldMap.get("slug")).toMatchObject({ unique: true, generated: "slug", required: true });
    expect(products.fieldMap.get("title")).toMatchObject({ kind: "language-map", column: "jsonb" });
    expect(registry.get("ecommerce/stores-to-products").kind).toBe("relation");
    const identity = registry.get("rbac/identities");
    expect(["password", "salt", "code"].every((f) => identity.fieldMap.get(f)?.hidden)).toBe(true);
    // x-owned: a subject's identities go with it, and with their link.
    const owned = {
      link: { model: "rbac/subjects-to-identities", table: "rbac_subjects_to_identities", childKey: "identityId" },
      child: { model: "rbac/identities", table: "rbac_identities" },
    };
    expect(registry.get("rbac/subjects").owned).toEqual([{ ...owned, link: { ...owned.link, matchKey: "subjectId" } }]);
    expect(registry.get("rbac/subjects-to-identities").owned).toEqual([
      { ...owned, link: { ...owned.link, matchKey: "id" } },
    ]);
  });

  it("x-enum-from: the named list validates like an enum (its default must be in it), with no CHECK in the snapshot", () => {
    const project = tempProject({
      "shop/things.json": entity("shop/things", { kind: { type: "string", "x-enum-from": "kinds", default: "a" } }),
    });
    cleanup = project.cleanup;
    const withList = loadRegistry(project.schemasDir, { enums: { kinds: ["a", "b"] } })
      .get("shop/things")
      .fieldMap.get("kind")!;
    expect(withList).toMatchObject({ enum: ["a", "b"], enumFrom: "kinds", schema: { enum: ["a", "b"] } });
    expect(
      JSON.stringify(
        snapshotOf(loadRegistry(project.schemasDir, { enums: { kinds: ["a", "b"] } })).tables.shop_things!.checks,
      ),
    ).toBe("{}");
    // Without the list (npm run generate: snapshot and types) it is plain text.
    expect(loadRegistry(project.schemasDir).get("shop/things").fieldMap.get("kind")!.enum).toBeUndefined();
    expect(() => loadRegistry(project.schemasDir, { enums: { kinds: ["b"] } })).toThrow(/not one of enum/);
  });

  it("x-title: a model's and a field's other languages; an override that names itself no differently keeps its base's", () => {
    const project = tempProject({
      "shop/things.json": entity(
        "shop/things",
        {
          size: { type: "integer", "x-title": { ru: "Размер" } },
          title: { $ref: "../_defs/language-map", "x-search": "A" },
          adminTitle: { type: "string", title: "Internal name" },
        },
        { "x-title": { ru: "Вещь" }, allOf: [{ $ref: "../_defs/content" }] },
      ),
    });
    cleanup = project.cleanup;
    const things = loadRegistry(project.schemasDir).get("shop/things");
    expect(things.titles).toEqual({ ru: "Вещь" });
    expect(things.fieldMap.get("size")!.titles).toEqual({ ru: "Размер" });
    // The content base's «Заголовок» stays with a title that only became searchable…
    expect(things.fieldMap.get("title")!.titles).toEqual({ ru: "Заголовок" });
    // …but not with an admin title renamed in English: its Russian would name something else.
    expect(things.fieldMap.get("adminTitle")!.titles).toEqual({});
    expect(things.fieldMap.get("createdAt")!.titles).toEqual({ ru: "Создано" });
  });

  it.each(cases)("names the file and JSON path of $name", ({ files, file, path, says }) => {
    const project = tempProject(files);
    cleanup = project.cleanup;
    let error: unknown;
    try {
      loadRegistry(project.schemasDir);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SchemaError);
    const schemaError = error as SchemaError;
    expect(schemaError.file).toBe(`schemas/${file}`);
    expect(schemaError.path).toBe(path);
    expect(schemaError.message).toMatch(says);
    expect(schemaError.message.startsWith(`schemas/${file}: ${path}`)).toBe(true);
  });
});
