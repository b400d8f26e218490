import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RelationGraph } from "../../engine/query/relation-graph.js";
import { modelQueries } from "../../engine/query/model-tables.js";
import { readBlockTree } from "../../server/site/host/blocks/block-tree.js";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { AUTH, PASSWORD, as, register, subjectOf, subjectWithRole, type SignedIn } from "../rbac/helpers.js";
import { buildPage } from "../site/fixtures.js";

/** Fields of a copied record that are its own, not its content. */
const OWN = new Set(["id", "createdAt", "updatedAt", "slug", "publishedAt"]);

// POST /api/host/pages/{id}/duplicate (docs/api.md "Page copies") with drafts on, on both databases:
// what a copy holds, its address, its atomicity, who may make one, and page templates kept off the site.
describe(`page copies (${testDialect})`, () => {
  let t: TestApp;
  let admin: SignedIn;
  let member: SignedIn;
  let source: { pageId: string; layoutId: string };
  let formId: string;
  const graph = () => new RelationGraph(t.app.registry);

  const send = (method: "GET" | "POST" | "PATCH", url: string, data?: unknown) =>
    t.request({ method, url, ...(data === undefined ? {} : { payload: { data } }) });
  const duplicate = (id: string, data?: unknown, who?: SignedIn | "anonymous") =>
    who === undefined
      ? as(t, admin)({ method: "POST", url: `/api/host/pages/${id}/duplicate`, payload: { data: data ?? {} } })
      : as(
          t,
          who === "anonymous" ? undefined : who,
        )({
          method: "POST",
          url: `/api/host/pages/${id}/duplicate`,
          payload: { data: data ?? {} },
        });
  const blocks = async (id: string, language: string) =>
    (await send("GET", `/api/host/pages/${id}/blocks?language=${language}`)).body.data.filter(
      (b: any) => b.region === "page",
    );
  const page = async (id: string) => (await send("GET", `/api/host/pages/${id}?draft=true`)).body.data;
  /** Rows of every model, counted in the working copies: a refused copy must leave each as it was. */
  const counts = async () => {
    const result: Record<string, number> = {};
    for (const model of t.app.registry.exposed) {
      const row = await t.database.db
        .selectFrom(model.table)
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .executeTakeFirstOrThrow();
      result[model.id] = Number(row.n);
    }
    return result;
  };
  /**
   * A block's content as copies must repeat it: every record it owns, by model, without ids and
   * dates, and its relation rows by model with their order — plus the ids, to tell copies apart.
   */
  const content = async (hostWidgetId: string) => {
    const tree = await readBlockTree(
      modelQueries(t.database.db, t.app.registry),
      t.app.registry,
      graph(),
      hostWidgetId,
    );
    const shape: Record<string, unknown[]> = {};
    const ids: string[] = [];
    for (const [model, set] of tree.owned) {
      const rows = await t.app.repositories.get(model)!.listByIds([...set]);
      ids.push(...rows.map((r) => String(r.id)));
      shape[model] = rows
        .map((r) =>
          JSON.stringify(Object.fromEntries(Object.entries(r).filter(([k]) => !OWN.has(k) && k !== "adminTitle"))),
        )
        .sort();
    }
    for (const [model, set] of tree.relations) {
      const rows = await t.app.repositories.get(model)!.listByIds([...set]);
      shape[`${model} order`] = rows.map((r) => r.orderIndex).sort();
    }
    return { shape, ids };
  };

  beforeAll(async () => {
    t = await createTestApp({ drafts: true });
    const code = t.app.rbac.firstAdmin.setupCode!;
    const made = await t.request({
      method: "POST",
      url: `${AUTH}/first-admin`,
      key: null,
      payload: { code, login: "admin@example.com", password: PASSWORD },
    });
    expect(made.status).toBe(201);
    admin = { subjectId: subjectOf(made.body.data.jwt), ...made.body.data };
    member = await register(t, "member@example.com");
    // A page of every kind of block the loader walks, titled in both languages, with a hero added in both.
    source = await buildPage(t, "/about", 5, "About");
    expect(
      (await send("PATCH", `/api/host/pages/${source.pageId}`, { title: { en: "About Zanzibar", ru: "О Занзибаре" } }))
        .status,
    ).toBe(200);
    const hero = await send("POST", `/api/host/pages/${source.pageId}/blocks`, {
      module: "website-builder",
      variant: "content-default",
      content: {
        title: { en: "Welcome", ru: "Добро пожаловать" },
        features: [{ title: { en: "Fast", ru: "Быстро" } }, { title: { en: "Kind", ru: "Добро" } }],
        buttons: [{ title: { en: "Write", ru: "Написать" }, url: "/contact" }],
      },
    });
    expect(hero.status).toBe(201);
    formId = (
      await t.database.db.selectFrom(t.app.registry.get("crm/forms").table).select("id").executeTakeFirstOrThrow()
    ).id as string;
  });
  afterAll(() => t?.close());

  it("copies every block in order with its fields and children, in every language, into a new draft page", async () => {
    const answer = await duplicate(source.pageId);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const copy = answer.body.data;
    expect(copy.id).not.toBe(source.pageId);
    expect(copy.url).toBe("/about-copy");
    expect(copy.title).toEqual({ en: "About Zanzibar (copy)", ru: "О Занзибаре (копия)" });
    expect(copy.isTemplate).toBe(false);
    expect((await page(copy.id)).publication.state).toBe("draft");
    for (const language of ["en", "ru"]) {
      const original = await blocks(source.pageId, language);
      const copied = await blocks(copy.id, language);
      expect(copied.length).toBe(6);
      expect(copied.map((b: any) => [b.module, b.variant, b.title])).toEqual(
        original.map((b: any) => [b.module, b.variant, b.title]),
      );
      expect(copied.map((b: any) => b.id).filter((id: string) => original.some((b: any) => b.id === id))).toEqual([]);
    }
    expect((await blocks(copy.id, "ru")).at(-1).title).toBe("Добро пожаловать");
    const original = await blocks(source.pageId, "en");
    const copied = await blocks(copy.id, "en");
    for (const [i, block] of original.entries()) {
      const a = await content(block.id);
      const b = await content(copied[i].id);
      expect(b.shape, `${block.variant} ${i}`).toEqual(a.shape);
      expect(b.ids.filter((id) => a.ids.includes(id))).toEqual([]);
    }
    // The form a block shows is shared, not copied; the layout is linked, not copied.
    const formLinks = await t.database.db
      .selectFrom(t.app.registry.get("crm/widgets-to-forms").table)
      .select("formId")
      .execute();
    expect(formLinks.filter((l) => l.formId === formId)).toHaveLength(2);
    const layouts = await t.database.db
      .selectFrom(t.app.registry.get("host/pages-to-layouts").table)
      .select(["layoutId"])
      .where("pageId", "=", copy.id)
      .execute();
    expect(layouts).toEqual([{ layoutId: source.layoutId }]);
    // Its own metadata, with the source's texts.
    const metadata = await t.database.db
      .selectFrom(t.app.registry.get("host/pages-to-metadata").table)
      .select(["pageId", "metadataId"])
      .where("pageId", "in", [source.pageId, copy.id])
      .execute();
    expect(metadata).toHaveLength(2);
    expect(new Set(metadata.map((m) => m.metadataId)).size).toBe(2);
    // A visitor does not see a draft.
    expect((await t.app.inject({ method: "GET", url: "/about-copy" })).statusCode).toBe(404);
  });

  it("gives each copy the next free address, the home page's too", async () => {
    expect((await duplicate(source.pageId)).body.data.url).toBe("/about-copy-2");
    expect((await duplicate(source.pageId)).body.data.url).toBe("/about-copy-3");
    const home = await buildPage(t, "/", 1, "Home");
    expect((await duplicate(home.pageId)).body.data.url).toBe("/copy");
    expect((await duplicate(home.pageId)).body.data.url).toBe("/copy-2");
  });

  it("takes the url and title it is given, and refuses another page's url naming that page, writing nothing", async () => {
    const made = await duplicate(source.pageId, { url: "/team", title: { en: "Team", ru: "Команда" } });
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({ url: "/team", title: { en: "Team", ru: "Команда" } });
    const before = await counts();
    const taken = await duplicate(source.pageId, { url: "/about", title: "Again" });
    expect(taken.status).toBe(409);
    expect(taken.body.cause).toEqual([{ path: "/url", message: 'is the address of the page "About Zanzibar"' }]);
    for (const [body, path] of [
      [{ url: "no slash" }, "/url"],
      [{ template: "yes" }, "/template"],
      [{ title: 7 }, "/title"],
      [{ owner: "me" }, "/owner"],
    ] as const) {
      const bad = await duplicate(source.pageId, body);
      expect([bad.status, bad.body.code, bad.body.cause?.[0]?.path], JSON.stringify(body)).toEqual([
        400,
        "VALIDATION_ERROR",
        path,
      ]);
    }
    expect((await duplicate("00000000-0000-4000-8000-000000000001")).status).toBe(404);
    expect(await counts()).toEqual(before);
  });

  it("records every record it writes in the audit log, as the admin's", async () => {
    const made = await duplicate(source.pageId);
    const log = await t.request({ method: "GET", url: `/api/admin/audit?record=${made.body.data.id}&limit=50` });
    expect(log.status).toBe(200);
    expect(log.body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ model: "host/pages", action: "create", subjectId: admin.subjectId, via: "session" }),
      ]),
    );
  });

  it("leaves nothing behind when a record of the copy is refused midway", async () => {
    const fragile = await buildPage(t, "/fragile", 3, "Fragile");
    const last = await send("POST", `/api/host/pages/${fragile.pageId}/blocks`, {
      module: "website-builder",
      variant: "default",
      content: { features: [{ title: { en: "Explode", ru: "Взрыв" } }] },
    });
    expect(last.status).toBe(201);
    // The database itself refuses the copy's feature: after the page, its links and three blocks were written.
    const features = sql.table(t.app.registry.get("website-builder/features").table);
    await sql`CREATE FUNCTION refuse_explosion() RETURNS trigger AS $$
      BEGIN IF NEW.title->>'en' = 'Explode' THEN RAISE EXCEPTION 'refused by the test'; END IF; RETURN NEW; END
      $$ LANGUAGE plpgsql`.execute(t.database.db);
    await sql`CREATE TRIGGER refuse_explosion BEFORE INSERT ON ${features} FOR EACH ROW EXECUTE FUNCTION refuse_explosion()`.execute(
      t.database.db,
    );
    try {
      const before = await counts();
      const failed = await duplicate(fragile.pageId);
      expect(failed.status).toBe(500);
      expect(failed.body.code).toBeTruthy();
      expect(await counts()).toEqual(before);
    } finally {
      await sql`DROP TRIGGER refuse_explosion ON ${features}`.execute(t.database.db);
      await sql`DROP FUNCTION refuse_explosion()`.execute(t.database.db);
    }
    expect((await duplicate(fragile.pageId)).body.data.url).toBe("/fragile-copy");
  });

  it("is refused to visitors, members and a role that may call it but not create pages", async () => {
    const caller = await subjectWithRole(t, "copier", [["POST", "/api/host/pages/*/duplicate"]]);
    const creator = await subjectWithRole(t, "page-maker", [
      ["POST", "/api/host/pages/*/duplicate"],
      ["POST", "/api/host/pages"],
    ]);
    const before = await counts();
    expect((await duplicate(source.pageId, {}, "anonymous")).body.code).toBe("AUTHENTICATION_ERROR");
    const refused = await duplicate(source.pageId, {}, member);
    expect([refused.status, refused.body.code]).toEqual([403, "PERMISSION_ERROR"]);
    const partial = await duplicate(source.pageId, {}, caller);
    expect([partial.status, partial.body.code]).toEqual([403, "PERMISSION_ERROR"]);
    expect(await counts()).toEqual(before);
    expect((await duplicate(source.pageId, {}, creator)).status).toBe(201);
  });

  it("makes templates that no visitor finds: not served, not in urls, the sitemap or search; previews show them", async () => {
    expect((await send("POST", `/api/host/pages/${source.pageId}/publish`)).status).toBe(200);
    const made = await duplicate(source.pageId, { template: true });
    expect(made.body.data).toMatchObject({
      url: "/about-template",
      title: { en: "About Zanzibar", ru: "О Занзибаре" },
      isTemplate: true,
    });
    const template = made.body.data.id;
    // Published, so only its mark keeps it off the site.
    expect((await send("POST", `/api/host/pages/${template}/publish`)).status).toBe(200);
    const visitor = (url: string) => t.request({ method: "GET", url, key: null });
    expect((await t.app.inject({ method: "GET", url: "/about" })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/about-template" })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/ru/about-template" })).statusCode).toBe(404);
    expect((await visitor("/api/host/pages/find-by-url?url=/about-template")).status).toBe(404);
    const urls = (await visitor("/api/host/pages/urls")).body.data.urls.map((u: any) => u.url);
    expect(urls).toContain("/about");
    expect(urls).not.toContain("/about-template");
    const sitemap = (await t.app.inject({ method: "GET", url: "/sitemap.xml" })).body;
    expect(sitemap).toContain("/about<");
    expect(sitemap).not.toContain("/about-template");
    const found = (await visitor("/api/search?q=zanzibar&types=host.pages")).body.data.map((r: any) => r.id);
    expect(found).toContain(source.pageId);
    expect(found).not.toContain(template);
    // An editor's preview shows it as pages made from it will look.
    const link = await send("POST", `/api/host/pages/${template}/preview`);
    expect(link.status).toBe(200);
    const preview = new URL(link.body.data.url);
    const shown = await t.app.inject({ method: "GET", url: preview.pathname + preview.search });
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain("Welcome");
    // A page made from the template is a page, with the url and title it was given, in its head too.
    const fromTemplate = await duplicate(template, {
      url: "/welcome",
      title: { en: "Welcome page", ru: "Приветствие" },
      description: { en: "Hello", ru: "Привет" },
    });
    expect(fromTemplate.body.data).toMatchObject({ url: "/welcome", isTemplate: false });
    expect((await blocks(fromTemplate.body.data.id, "en")).length).toBe(6);
    expect((await send("POST", `/api/host/pages/${fromTemplate.body.data.id}/publish`)).status).toBe(200);
    const head = (await t.app.inject({ method: "GET", url: "/ru/welcome" })).body;
    expect(head).toContain("<title>Приветствие");
  });
});
