import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, SECRET, testDialect, type TestApp } from "../helpers/test-app.js";
import { image, localStorage, multipart, type StorageUnderTest } from "../file-storage/helpers.js";
import { bearer, register, type SignedIn } from "../rbac/helpers.js";

const FILES = "/api/file-storage/files";
const WIDGET_FILES = "/api/website-builder/widgets-to-file-storage-module-files";
const RELATION = "blog/articles-to-website-builder-module-widgets";
const PUBLIC_CACHE = "public, max-age=31536000, immutable";
const PRIVATE_CACHE = "private, no-store";

// The demo's members-only notes (docs/security.md): a website-builder widget linked to an article
// through a relation visitors may not read. A file shown only in that widget is members-only as
// the widget is: the files routes leave it out, and its bytes at /public/files are the members'
// (private, no-store), an unknown key's 404 to everyone else. A file a public record shows too
// stays public and cached for good.
describe(`files of members-only content on ${testDialect}`, () => {
  let t: TestApp;
  let storage: StorageUnderTest;
  let visitorUser: SignedIn;
  let member: SignedIn;
  let privateFile: Record<string, any>;
  let sharedFile: Record<string, any>;
  let privateWidgetId: string;
  let publicWidgetId: string;

  type Reader = "visitor" | "signed-in user" | "member" | "secret key";
  const headersOf = (reader: Reader): Record<string, string> => {
    if (reader === "signed-in user") return bearer(visitorUser.jwt);
    if (reader === "member") return bearer(member.jwt);
    if (reader === "secret key") return { "x-rbac-secret-key": SECRET };
    return {};
  };
  const call = (reader: Reader, url: string) =>
    t.request({ method: "GET", url, key: null, headers: headersOf(reader) });
  const serve = (reader: Reader, url: string) => t.app.inject({ method: "GET", url, headers: headersOf(reader) });
  const post = async (url: string, data: object) => {
    const response = await t.request({ method: "POST", url, payload: { data } });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data;
  };
  const picture = (title: string) =>
    post(`${FILES}/generate`, { variant: "generate-template-opengraph-image-default", title });
  const byFile = (file: string) =>
    `${FILES}?filters[and][0][column]=file&filters[and][0][method]=eq&filters[and][0][value]=${encodeURIComponent(file)}`;

  beforeAll(async () => {
    storage = await localStorage();
    t = await createTestApp({ seedDemoContent: true, dataDir: storage.dataDir, fileStorage: storage.settings });
    const widgets = (await t.request({ method: "GET", url: "/api/website-builder/widgets?limit=1000" })).body.data;
    privateWidgetId = widgets.find((w: any) => w.slug === "members-notes-private").id;
    publicWidgetId = (await post("/api/website-builder/widgets", { slug: "public-gallery" })).id;
    privateFile = await picture("Members only picture");
    sharedFile = await picture("Shared picture");
    await post(WIDGET_FILES, { widgetId: privateWidgetId, fileStorageModuleFileId: privateFile.id });
    await post(WIDGET_FILES, { widgetId: privateWidgetId, fileStorageModuleFileId: sharedFile.id });
    await post(WIDGET_FILES, { widgetId: publicWidgetId, fileStorageModuleFileId: sharedFile.id });
    visitorUser = await register(t, "visitor-files@example.com");
    member = await register(t, "member-files@example.com");
    // A "members" role that may read the private link, as an admin would set it up.
    const role = await post("/api/rbac/roles", { title: "Members", uid: "members-files" });
    const permission = await post("/api/rbac/permissions", {
      method: "GET",
      path: `/api/${RELATION}/**`,
      type: "HTTP",
    });
    await post("/api/rbac/roles-to-permissions", { roleId: role.id, permissionId: permission.id });
    await post("/api/rbac/subjects-to-roles", { subjectId: member.subjectId, roleId: role.id });
  });
  afterAll(async () => {
    await t?.close();
    await storage?.close();
  });

  it.each<[Reader, boolean]>([
    ["visitor", false],
    ["signed-in user", false],
    ["member", true],
    ["secret key", true],
  ])(
    "%s: the files routes list, count and read the members-only file only for those who may see it",
    async (reader, sees) => {
      const listed = await call(reader, `${FILES}?limit=1000`);
      expect(listed.status).toBe(200);
      const ids = listed.body.data.map((f: any) => f.id);
      expect(ids.includes(privateFile.id), reader).toBe(sees);
      expect(ids).toContain(sharedFile.id);
      expect((await call(reader, `${FILES}/count`)).body.data).toBe(listed.body.data.length);
      expect((await call(reader, byFile(privateFile.file))).body.data).toHaveLength(sees ? 1 : 0);
      expect((await call(reader, `${FILES}/${privateFile.id}`)).status).toBe(sees ? 200 : 404);
      expect((await call(reader, `${FILES}/${sharedFile.id}`)).status).toBe(200);
    },
  );

  it.each<[Reader, boolean]>([
    ["visitor", false],
    ["signed-in user", false],
    ["member", true],
    ["secret key", true],
  ])(
    "%s: the members-only file's bytes are served private, no-store only to those who may see it; a shared one stays public",
    async (reader, sees) => {
      for (const url of [privateFile.file, `${privateFile.file}?w=640`]) {
        const served = await serve(reader, url);
        expect(served.statusCode, `${reader} ${url}`).toBe(sees ? 200 : 404);
        if (sees) expect(served.headers["cache-control"]).toBe(PRIVATE_CACHE);
        else expect(served.body).toBe("Not found");
      }
      const open = await serve(reader, sharedFile.file);
      expect(open.statusCode).toBe(200);
      expect(open.headers["cache-control"]).toBe(PUBLIC_CACHE);
    },
  );

  it("linking it from a public widget makes it public; unlinking makes it members-only again (nothing remembers it as public)", async () => {
    const link = await post(WIDGET_FILES, { widgetId: publicWidgetId, fileStorageModuleFileId: privateFile.id });
    const open = await serve("visitor", privateFile.file);
    expect(open.statusCode).toBe(200);
    expect(open.headers["cache-control"]).toBe(PUBLIC_CACHE);
    expect((await call("visitor", `${FILES}/${privateFile.id}`)).status).toBe(200);
    expect((await t.request({ method: "DELETE", url: `${WIDGET_FILES}/${link.id}` })).status).toBe(200);
    expect((await serve("visitor", privateFile.file)).statusCode).toBe(404);
    expect((await call("visitor", `${FILES}/${privateFile.id}`)).status).toBe(404);
    expect((await serve("member", privateFile.file)).headers["cache-control"]).toBe(PRIVATE_CACHE);
  });

  // The rule costs nothing per image: a page's render reads no file by key, and a key, once
  // served, is answered from what is kept (its record's id, the members-only answer).
  it("a page of 24 images renders in the queries of one of 3, and its images served again cost no query", async () => {
    const upload = async (name: string) =>
      (
        await t.request({
          method: "POST",
          url: FILES,
          ...(await multipart({ adminTitle: name }, { file: { name, type: "image/png", bytes: await image(4, 4) } })),
        })
      ).body.data;
    const gallery = async (url: string, count: number) => {
      const page = await post("/api/host/pages", { url, slug: url.slice(1), title: "Gallery" });
      const host = await post("/api/host/widgets", { slug: `${url.slice(1)}-host` });
      await post("/api/host/pages-to-widgets", { pageId: page.id, widgetId: host.id, orderIndex: 0 });
      const widget = await post("/api/file-storage/widgets", {
        slug: `${url.slice(1)}-files`,
        title: { en: "Gallery" },
      });
      await post("/api/host/widgets-to-external-widgets", {
        widgetId: host.id,
        externalModule: "file-storage",
        externalWidgetId: widget.id,
      });
      const files = [];
      for (let i = 0; i < count; i++) {
        const file = await upload(`${url.slice(1)}-${i}.png`);
        await post("/api/file-storage/widgets-to-files", { widgetId: widget.id, fileId: file.id, orderIndex: i });
        files.push(file);
      }
      return files;
    };
    await gallery("/gallery-small", 3);
    const many = await gallery("/gallery-large", 24);
    const queries = async (work: () => Promise<unknown>) => {
      const before = t.database.queryCount();
      await work();
      return t.database.queryCount() - before;
    };
    const render = async (url: string) => {
      const page = await t.app.inject({ method: "GET", url });
      expect(page.statusCode).toBe(200);
      return page.body;
    };
    await render("/blog"); // warms the permission rules, read once per process
    const small = await queries(() => render("/gallery-small"));
    let body = "";
    const large = await queries(async () => (body = await render("/gallery-large")));
    for (const file of many) expect(body).toContain(file.file);
    expect(large).toBe(small);

    const serveAll = () =>
      Promise.all([...many.map((f) => f.file), privateFile.file].map((url) => serve("visitor", url)));
    const first = await serveAll();
    expect(first.slice(0, -1).map((r) => r.headers["cache-control"])).toEqual(many.map(() => PUBLIC_CACHE));
    expect(first.at(-1)!.statusCode).toBe(404);
    expect(await queries(serveAll)).toBe(0);
  });
});
