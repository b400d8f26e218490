import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { bearer, register, signIn, type SignedIn } from "../rbac/helpers.js";

const SUBJECTS = "/api/rbac/subjects";
const UNKNOWN = "00000000-0000-4000-8000-000000000000";

// Two Subject API routes (a subject's notify and form request), caller by caller.
describe(`POST {subjects}/{id}/notify and {subjects}/{id}/crm-module/form/request, on ${testDialect}`, () => {
  let t: TestApp;
  let ann: SignedIn;
  let bea: SignedIn;
  let admin: SignedIn;
  let formId: string;

  beforeAll(async () => {
    t = await createTestApp({ adminEmail: "admin@example.com", adminPassword: "admin password" });
    ann = await register(t, "ann@example.com");
    bea = await register(t, "bea@example.com");
    admin = await signIn(t, "admin@example.com", "admin password");
    formId = (await t.request({ method: "POST", url: "/api/crm/forms", payload: { data: { adminTitle: "Contact" } } }))
      .body.data.id;
  });
  afterAll(() => t?.close());

  const as = (who: SignedIn | "secret key" | "anonymous") =>
    who === "secret key" ? {} : { key: null, headers: who === "anonymous" ? {} : bearer(who.jwt) };

  describe("notify", () => {
    const notify = (
      who: SignedIn | "secret key" | "anonymous",
      subjectId: string,
      data: unknown = { subject: "Hello", text: "A word from the shop." },
    ) => t.request({ method: "POST", url: `${SUBJECTS}/${subjectId}/notify`, payload: { data }, ...as(who) });

    it.each([
      ["anonymous", 401, /^Authentication error/],
      ["the subject itself", 403, /^Permission error/],
      ["another subject (IDOR)", 403, /^Permission error/],
    ] as const)("refuses %s: %i", async (who, status, message) => {
      const caller = who === "anonymous" ? "anonymous" : who === "the subject itself" ? ann : bea;
      const response = await notify(caller, ann.subjectId);
      expect(response.status).toBe(status);
      expect(response.body.message).toMatch(message);
      const queued = await t.request({
        method: "GET",
        url: `/api/notification/notifications?filters[and][0][column]=rbacModuleSubjectId&filters[and][0][method]=eq&filters[and][0][value]=${ann.subjectId}`,
      });
      expect(queued.body.data).toEqual([]);
    });

    it("an admin and the secret key notify a subject: 201, queued to its email", async () => {
      for (const who of [admin, "secret key"] as const) {
        const response = await notify(who, bea.subjectId);
        expect(response.status, JSON.stringify(response.body)).toBe(201);
        expect(response.body.data).toMatchObject({
          status: "new",
          recipient: "bea@example.com",
          rbacModuleSubjectId: bea.subjectId,
          data: { subject: "Hello", text: "A word from the shop." },
        });
      }
    });

    it.each([
      ["an unknown subject", UNKNOWN, { subject: "x", text: "y" }, 404, /^Not Found error/],
      [
        "a subject id that is not a uuid",
        "not-a-uuid",
        { subject: "x", text: "y" },
        400,
        /^Validation error: \/id must match format "uuid"/,
      ],
      [
        "neither a template nor subject and text",
        null,
        { text: "y" },
        400,
        /^Validation error: template, or subject and text, is required/,
      ],
      ["an unknown field", null, { subject: "x", text: "y", cc: "z" }, 400, /^Validation error: \/cc is not accepted/],
      [
        "a sendAfter that is not a date-time",
        null,
        { subject: "x", text: "y", sendAfter: "soon" },
        400,
        /^Validation error: \/sendAfter/,
      ],
      [
        "a language the site does not have",
        null,
        { subject: "x", text: "y", language: "de" },
        400,
        /^Validation error: \/language/,
      ],
    ])("answers %s with %i", async (_case, subjectId, data, status, message) => {
      const response = await notify(admin, subjectId ?? ann.subjectId, data);
      expect(response.status, JSON.stringify(response.body)).toBe(status);
      expect(response.body.message).toMatch(message);
    });
  });

  // The original client's body, everything inside one `notification`.
  describe("notify, the original client's body", () => {
    const notify = (data: unknown) =>
      t.request({ method: "POST", url: `${SUBJECTS}/${bea.subjectId}/notify`, payload: { data } });
    const topicLinks = async (notificationId: string) =>
      (
        await t.request({
          method: "GET",
          url: `/api/notification/topics-to-notifications?filters[and][0][column]=notificationId&filters[and][0][method]=eq&filters[and][0][value]=${notificationId}`,
        })
      ).body.data;

    it.each([
      ["data as the original's JSON string", JSON.stringify({ name: "Bea" })],
      ["data as an object", { name: "Bea" }],
    ])("queues the template's variant with the notification's %s, filed under the topic", async (_case, data) => {
      const topic = await t.request({
        method: "POST",
        url: "/api/notification/topics/find-or-create",
        payload: { data: { slug: "information" } },
      });
      const response = await notify({
        notification: {
          notification: { data },
          template: { variant: "order-status-changed" },
          topic: { slug: "information" },
        },
      });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      expect(response.body.data).toMatchObject({
        status: "new",
        template: "order-status-changed",
        recipient: "bea@example.com",
        rbacModuleSubjectId: bea.subjectId,
        data: { name: "Bea" },
      });
      expect(await topicLinks(response.body.data.id)).toEqual([
        expect.objectContaining({ topicId: topic.body.data.id }),
      ]);
    });

    // The original's notifications carry a title ("New request from website"): the mail's subject
    // when the template gives none; a template's own subject still wins.
    it.each([
      [
        "a template row without a title",
        "website-request",
        { title: "New request from website" },
        "New request from website",
      ],
      [
        "a built-in template with its subject",
        "message",
        { title: "New request from website", data: { subject: "Hello Bea", text: "x" } },
        "Hello Bea",
      ],
      [
        "a template row with its own title",
        "titled-request",
        { title: "New request from website" },
        "Request received",
      ],
      [
        "a built-in template whose subject comes out empty",
        "message",
        { title: "New request from website", data: { text: "x" } },
        "New request from website",
      ],
    ])("takes the notification's title: %s", async (_case, variant, inner, subject) => {
      await t.request({
        method: "POST",
        url: "/api/notification/templates/find-or-create",
        payload: { data: { variant: "website-request", description: { en: "A request from {{name}}" } } },
      });
      await t.request({
        method: "POST",
        url: "/api/notification/templates/find-or-create",
        payload: {
          data: { variant: "titled-request", title: { en: "Request received" }, description: { en: "A request" } },
        },
      });
      const response = await notify({ notification: { notification: inner, template: { variant } } });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      expect(response.body.data).toMatchObject({
        template: variant,
        subject: "New request from website",
        status: "new",
      });
      await t.app.notifications.flush();
      const sent = await t.request({ method: "GET", url: `/api/notification/notifications/${response.body.data.id}` });
      expect(sent.body.data).toMatchObject({ status: "sent", subject });
    });

    it("without a topic or notification fields it queues the template alone", async () => {
      const response = await notify({ notification: { template: { variant: "message" } } });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      expect(response.body.data).toMatchObject({ template: "message", data: {} });
      expect(await topicLinks(response.body.data.id)).toEqual([]);
    });

    it.each([
      [
        "no template",
        { notification: { notification: { data: "{}" } } },
        /^Validation error: notification\/template is required/,
      ],
      [
        "a topic no one made",
        { notification: { template: { variant: "message" }, topic: { slug: "no-such-topic" } } },
        /^Validation error: topic no-such-topic does not exist/,
      ],
      [
        "data that is not a JSON object",
        { notification: { notification: { data: "[1]" }, template: { variant: "message" } } },
        /^Validation error: \/notification\/notification\/data must be a JSON object/,
      ],
      [
        "an unknown field",
        { notification: { template: { variant: "message" }, cc: "x" } },
        /^Validation error: \/notification\/cc is not accepted/,
      ],
      [
        "a title that is no text",
        { notification: { notification: { title: 5 }, template: { variant: "message" } } },
        /^Validation error: \/notification\/notification\/title/,
      ],
      [
        "an empty title",
        { notification: { notification: { title: "" }, template: { variant: "message" } } },
        /^Validation error: \/notification\/notification\/title/,
      ],
    ])("refuses %s with a 400, queuing nothing", async (_case, data, message) => {
      const before = (await t.request({ method: "GET", url: "/api/notification/notifications/count" })).body.data;
      const response = await notify(data);
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(message);
      expect((await t.request({ method: "GET", url: "/api/notification/notifications/count" })).body.data).toBe(before);
    });
  });

  describe("crm-module/form/request", () => {
    const submit = (who: SignedIn | "secret key" | "anonymous", subjectId: string, data: unknown) =>
      t.request({
        method: "POST",
        url: `${SUBJECTS}/${subjectId}/crm-module/form/request`,
        payload: { data },
        ...as(who),
      });
    const linksOf = async (subjectId: string) =>
      (
        await t.request({
          method: "GET",
          url: `/api/rbac/subjects-to-crm-module-requests?filters[and][0][column]=subjectId&filters[and][0][method]=eq&filters[and][0][value]=${subjectId}`,
        })
      ).body.data;

    it("stores the subject's own request, linked to the form and to the subject", async () => {
      const response = await submit(ann, ann.subjectId, { formId, message: "Call me back" });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      expect(response.body.data).toMatchObject({
        id: ann.subjectId,
        data: { message: "Call me back" },
        request: { formId, payload: { message: "Call me back" } },
      });
      const links = await linksOf(ann.subjectId);
      expect(links).toEqual([
        expect.objectContaining({ subjectId: ann.subjectId, crmModuleRequestId: response.body.data.request.id }),
      ]);
    });

    it.each([
      ["anonymous", "anonymous", 401, /^Authentication error/],
      ["another subject (IDOR)", "bea", 403, /^Permission error/],
      ["an admin for someone else", "admin", 403, /^Permission error/],
    ] as const)("refuses %s for ann's id, storing nothing", async (_case, who, status, message) => {
      const before = (await linksOf(ann.subjectId)).length;
      const caller = who === "anonymous" ? "anonymous" : who === "bea" ? bea : admin;
      const response = await submit(caller, ann.subjectId, { formId, message: "Not mine" });
      expect(response.status).toBe(status);
      expect(response.body.message).toMatch(message);
      expect((await linksOf(ann.subjectId)).length).toBe(before);
      expect((await linksOf(bea.subjectId)).length + (await linksOf(admin.subjectId)).length).toBe(0);
    });

    it.each([
      ["an unknown form", { formId: UNKNOWN, message: "Lost" }, 404, /^Not Found error/],
      ["no formId", { message: "Which form?" }, 400, /^Validation error: formId is required/],
      ["a formId that is not a uuid", { formId: "contact" }, 400, /^Validation error/],
    ])("answers %s with %i", async (_case, data, status, message) => {
      const response = await submit(ann, ann.subjectId, data);
      expect(response.status).toBe(status);
      expect(response.body.message).toMatch(message);
    });

    it("the secret key may post for a subject; for an unknown subject it is a 404, with nothing stored", async () => {
      expect((await submit("secret key", bea.subjectId, { formId, message: "Server side" })).status).toBe(201);
      expect(await linksOf(bea.subjectId)).toHaveLength(1);
      const requests = (await t.request({ method: "GET", url: "/api/crm/requests/count" })).body.data;
      const unknown = await submit("secret key", UNKNOWN, { formId, message: "Ghost" });
      expect(unknown.status).toBe(404);
      expect((await t.request({ method: "GET", url: "/api/crm/requests/count" })).body.data).toBe(requests);
    });
  });

  it("both routes are in the OpenAPI document", async () => {
    const document = (await t.request({ method: "GET", url: "/api/openapi.json", key: null })).body;
    expect(document.paths["/api/rbac/subjects/{id}/notify"]?.post).toBeTruthy();
    expect(document.paths["/api/rbac/subjects/{id}/crm-module/form/request"]?.post).toBeTruthy();
  });
});
