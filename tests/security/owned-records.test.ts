import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { register } from "../rbac/helpers.js";

// Deleting a subject once left its identities behind, so its email could never
// sign up again. An identity belongs to its subject (rbac/subjects-to-identities is `x-owned`):
// deleting the subject, or the link, deletes the identity in the same transaction.
describe(`a subject's identities go with it, on ${testDialect}`, () => {
  let t: TestApp;
  beforeAll(async () => void (t = await createTestApp()));
  afterAll(() => t.close());

  const identitiesWith = async (email: string) =>
    (
      await t.request({
        method: "GET",
        url: `/api/rbac/identities?filters[and][0][column]=email&filters[and][0][method]=eq&filters[and][0][value]=${email}`,
      })
    ).body.data as unknown[];
  const signUp = (login: string) =>
    t.request({
      method: "POST",
      url: "/api/rbac/subjects/authentication/email-and-password/registration",
      key: null,
      payload: { login, password: "correct horse battery" },
    });

  it("deleting a subject deletes its identities, and the email can sign up again", async () => {
    const ann = await register(t, "ann@example.com");
    expect(await identitiesWith("ann@example.com")).toHaveLength(1);
    const deleted = await t.request({ method: "DELETE", url: `/api/rbac/subjects/${ann.subjectId}` });
    expect(deleted.status).toBe(200);
    expect(deleted.body.data.id).toBe(ann.subjectId);
    expect(await identitiesWith("ann@example.com")).toEqual([]);
    expect((await signUp("ann@example.com")).status).toBe(201);
  });

  it("deleting the link between a subject and an identity deletes the identity", async () => {
    const bob = await register(t, "bob@example.com");
    const [link] = (
      await t.request({
        method: "GET",
        url: `/api/rbac/subjects-to-identities?filters[and][0][column]=subjectId&filters[and][0][method]=eq&filters[and][0][value]=${bob.subjectId}`,
      })
    ).body.data;
    expect((await t.request({ method: "DELETE", url: `/api/rbac/subjects-to-identities/${link.id}` })).status).toBe(
      200,
    );
    expect(await identitiesWith("bob@example.com")).toEqual([]);
    expect((await signUp("bob@example.com")).status).toBe(201);
  });

  it("deleting one subject leaves every other subject's identities alone", async () => {
    await register(t, "cy@example.com");
    const dee = await register(t, "dee@example.com");
    await t.request({ method: "DELETE", url: `/api/rbac/subjects/${dee.subjectId}` });
    expect(await identitiesWith("cy@example.com")).toHaveLength(1);
  });

  it("a subject that does not exist is a 404, and nothing is deleted", async () => {
    const before = (await t.request({ method: "GET", url: "/api/rbac/identities/count" })).body.data;
    expect(
      (await t.request({ method: "DELETE", url: "/api/rbac/subjects/00000000-0000-4000-8000-000000000000" })).status,
    ).toBe(404);
    expect((await t.request({ method: "GET", url: "/api/rbac/identities/count" })).body.data).toBe(before);
  });
});
