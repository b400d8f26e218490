import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Each module owns its tables (docs/extending.md, "Adding a module"): code under
 * server/modules/<m>/ names only m's own models, and asks another module for what it needs
 * through that module's functions (its index.ts), never by querying its tables. A model belongs
 * to the module whose schemas/ folder holds it, relation models included:
 * schemas/rbac/subjects-to-ecommerce-module-orders.json is rbac's.
 *
 * The scan finds every string literal (", ', `) that starts with a model id of another module —
 * a table in a query ("rbac/subjects as s", "host/pages@published"), a repository, a change
 * feed's model — and names the file and line. Comments are left out: they may say what another
 * module does.
 */

const ROOT = resolve(import.meta.dirname, "../..");
const MODULES = "server/modules";

/** The schema folders (a module each) and their models' ids ("rbac/subjects"), from the file names. */
function modelIds(): Map<string, string> {
  const owners = new Map<string, string>();
  for (const folder of readdirSync(join(ROOT, "schemas"), { withFileTypes: true })) {
    if (!folder.isDirectory() || folder.name.startsWith("_")) continue;
    for (const file of readdirSync(join(ROOT, "schemas", folder.name))) {
      if (file.endsWith(".json")) owners.set(`${folder.name}/${file.slice(0, -".json".length)}`, folder.name);
    }
  }
  return owners;
}

const OWNERS = modelIds();
const SCHEMA_MODULES = [...new Set(OWNERS.values())];

/**
 * Where a module may name another's model, each with why. Keyed "file name-of-model"; an entry
 * that no longer matches a use fails the last test, so the list only ever shrinks.
 */
const EXCEPTIONS = new Map<string, string>([]);

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

/**
 * The text with its comments blanked (newlines kept, so lines still count), strings and
 * template literals left as they are. A small scanner: a quote opens a string only in code, and
 * a template's `${…}` is code again until its brace closes.
 */
function withoutComments(text: string): string {
  let out = "";
  // The open templates' brace depths: inside `${`, code runs until the depth falls back.
  const templates: number[] = [];
  let depth = 0;
  let i = 0;
  const inTemplateText = () => templates.length > 0 && templates.at(-1) === depth;
  while (i < text.length) {
    const c = text[i]!;
    const next = text[i + 1];
    if (inTemplateText()) {
      // Inside a template's text: up to its end or the next `${`.
      if (c === "\\") {
        out += text.slice(i, i + 2);
        i += 2;
      } else if (c === "`") {
        templates.pop();
        depth--;
        out += c;
        i++;
      } else if (c === "$" && next === "{") {
        depth++;
        out += "${";
        i += 2;
      } else {
        out += c;
        i++;
      }
    } else if (c === "/" && next === "/") {
      const end = text.indexOf("\n", i);
      const stop = end < 0 ? text.length : end;
      out += " ".repeat(stop - i);
      i = stop;
    } else if (c === "/" && next === "*") {
      const end = text.indexOf("*/", i + 2);
      const stop = end < 0 ? text.length : end + 2;
      out += text.slice(i, stop).replace(/[^\n]/g, " ");
      i = stop;
    } else if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < text.length && text[j] !== c && text[j] !== "\n") j += text[j] === "\\" ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (c === "`") {
      // The template's text is read at the current depth (a `${` inside it goes one deeper).
      depth++;
      templates.push(depth);
      out += c;
      i++;
    } else {
      if (c === "{") depth++;
      // A `}` closing a template's `${` brings the depth back to the template's: its text again.
      if (c === "}") depth--;
      out += c;
      i++;
    }
  }
  return out;
}

/** A quote, then a model id of a schema module: the id ends where its name's characters end ("…@published", " as x"). */
const NAMED_MODEL = new RegExp(`["'\`](${SCHEMA_MODULES.join("|")})/([a-z0-9-]+)(?![a-z0-9-])`, "g");

/** The module folder of a path under server/modules ("rbac" for server/modules/rbac/permissions/own-rows.ts). */
const moduleOf = (path: string) => /^server\/modules\/([^/]+)\//.exec(path)?.[1];

/** "file:line names model (owner's)" for each string literal of a file naming another module's model. */
function breachesIn(path: string, text: string, owners: ReadonlyMap<string, string> = OWNERS): string[] {
  const module = moduleOf(path);
  if (!module) return [];
  const found: string[] = [];
  withoutComments(text)
    .split("\n")
    .forEach((line, index) => {
      for (const match of line.matchAll(NAMED_MODEL)) {
        const id = `${match[1]}/${match[2]}`;
        const owner = owners.get(id);
        if (owner === undefined || owner === module) continue;
        found.push(`${path}:${index + 1} names ${id} (${owner}'s model)`);
      }
    });
  return found;
}

const files = sourceFiles(MODULES).map((path) => ({ path, text: readFileSync(join(ROOT, path), "utf8") }));
const exceptionKey = (breach: string) => {
  const [, file, id] = /^(\S+):\d+ names (\S+) /.exec(breach)!;
  return `${file} ${id}`;
};
const allBreaches = files.flatMap(({ path, text }) => breachesIn(path, text));

describe("each module names only its own models", () => {
  it("reads the schema folders and the module sources (the scan itself works)", () => {
    expect(OWNERS.get("rbac/subjects")).toBe("rbac");
    expect(OWNERS.get("rbac/subjects-to-ecommerce-module-orders")).toBe("rbac");
    expect(OWNERS.get("ecommerce/attributes-to-billing-module-currencies")).toBe("ecommerce");
    expect(OWNERS.get("host/pages")).toBe("host");
    expect(files.some((f) => f.path === "server/modules/rbac/permissions/own-rows.ts")).toBe(true);
  });

  it("no module names another module's model (ask the owner through its index.ts)", () => {
    const found = allBreaches.filter((b) => !EXCEPTIONS.has(exceptionKey(b)));
    expect(
      found,
      `models named outside their module (move the query behind a function of the owner):\n  ${found.join("\n  ")}\n`,
    ).toEqual([]);
  });

  it("keeps each exception in use (the list only shrinks)", () => {
    const used = new Set(allBreaches.map(exceptionKey));
    expect([...EXCEPTIONS.keys()].filter((key) => !used.has(key))).toEqual([]);
  });

  const FILE = "server/modules/crm/fake.ts";
  it.each([
    ["double quotes: a repository", 'app.repositories.get("rbac/subjects")!.get(id);', ["rbac/subjects"]],
    ["single quotes", "const t = 'notification/notifications';", ["notification/notifications"]],
    ["a template literal", "trx.selectFrom(`billing/currencies`)", ["billing/currencies"]],
    [
      "inside a template's ${…}, the table named by an alias after it",
      '.innerJoin(`${t("rbac/identities")} as i`, "i.id", "si.identityId")',
      ["rbac/identities"],
    ],
    [
      '"x as y", an aliased table',
      'trx.selectFrom("rbac/subjects-to-identities as si")',
      ["rbac/subjects-to-identities"],
    ],
    ['"x@published", a published copy', 'db.selectFrom("host/pages@published as p")', ["host/pages"]],
    [
      "another module's relation model",
      'repository("rbac/subjects-to-crm-module-requests")',
      ["rbac/subjects-to-crm-module-requests"],
    ],
    ["two on a line", 'join("rbac/roles as r").join("rbac/permissions as p")', ["rbac/roles", "rbac/permissions"]],
    [
      "the module's own models",
      'trx.selectFrom("crm/forms as f").innerJoin("crm/forms-to-requests as fr", "fr.formId", "f.id")',
      [],
    ],
    [
      "a model id in a comment",
      '// reads rbac\'s "rbac/subjects" through app.rbac\n/* "billing/currencies" */ const x = 1;',
      [],
    ],
    [
      "a route path, a file path, a module's own name",
      'const url = "/api/rbac/subjects"; import x from "../rbac/index.js"; const m = "rbac";',
      [],
    ],
    ["a name that is no model's", 'const route = "rbac/subjects-routes";', []],
  ] as const)("%s", (_, text, ids) => {
    const found = breachesIn(FILE, text);
    expect(found).toEqual(
      ids.map((id) => `${FILE}:${text.split("\n").length > 1 ? 2 : 1} names ${id} (${OWNERS.get(id)}'s model)`),
    );
  });

  it("passes the relation models a module owns, with the other module's name in them", () => {
    const text = 'trx.selectFrom("rbac/subjects-to-ecommerce-module-orders as so").select("so.ecommerceModuleOrderId")';
    expect(breachesIn("server/modules/rbac/permissions/own-rows.ts", text)).toEqual([]);
    expect(breachesIn("server/modules/ecommerce/orders.ts", text)).toEqual([
      "server/modules/ecommerce/orders.ts:1 names rbac/subjects-to-ecommerce-module-orders (rbac's model)",
    ]);
  });

  it("keeps comments out but strings and templates in, lines counted", () => {
    const text = [
      'const a = "x"; // "rbac/roles"',
      "/* `billing/invoices`",
      '   "crm/forms" */ const b = `${f("rbac/roles")}`;',
      "const c = '//not a comment';",
    ].join("\n");
    const blanked = withoutComments(text).split("\n");
    expect(blanked).toHaveLength(4);
    expect(blanked[0]!.trimEnd()).toBe('const a = "x";');
    expect(blanked[1]!.trim()).toBe("");
    expect(blanked[2]!.trim()).toBe('const b = `${f("rbac/roles")}`;');
    expect(blanked[3]).toBe("const c = '//not a comment';");
  });
});
