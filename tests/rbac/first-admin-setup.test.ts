import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type TestApp } from "../helpers/test-app.js";
import { AUTH, bearer, register, signIn } from "./helpers.js";

const SETUP = `${AUTH}/first-admin`;
const setUp = (t: TestApp, code: string, login = "owner@example.com", password = "owner password") =>
  t.request({ method: "POST", url: SETUP, key: null, payload: { code, login, password } });
const needed = async (t: TestApp) => (await t.request({ method: "GET", url: SETUP, key: null })).body.data.needed;

describe("the first admin from /admin with the setup code of the start log", () => {
  let t: TestApp;
  let code: string;
  beforeAll(async () => {
    t = await createTestApp();
    code = t.app.rbac.firstAdmin.setupCode!;
  });
  afterAll(() => t.close());

  test("a database without an admin gets a code, and anyone may ask whether setup is open", async () => {
    expect(code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
    expect(await needed(t)).toBe(true);
  });

  test.each([
    ["no code", { login: "owner@example.com", password: "owner password" }, 400],
    ["an empty code", { code: "", login: "owner@example.com", password: "owner password" }, 400],
    ["a wrong code", { code: "AAAA-BBBB-CCCC-DDDD", login: "owner@example.com", password: "owner password" }, 403],
  ])("%s is refused and makes nobody admin", async (_name, payload, status) => {
    const answer = await t.request({ method: "POST", url: SETUP, key: null, payload });
    expect(answer.status).toBe(status);
    expect(await needed(t)).toBe(true);
    await expect(signIn(t, "owner@example.com", "owner password")).rejects.toThrow();
  });

  test("a signed-up visitor is not an admin and cannot use setup without the code", async () => {
    const visitor = await register(t, "visitor@example.com");
    const answer = await t.request({
      method: "POST",
      url: SETUP,
      key: null,
      headers: bearer(visitor.jwt),
      payload: { code: "WRONG", login: "visitor@example.com", password: "owner password" },
    });
    expect(answer.status).toBe(403);
  });

  test("the right code (typed in lower case, without dashes) makes the admin and signs it in", async () => {
    const answer = await setUp(t, code.toLowerCase().replaceAll("-", ""));
    expect(answer.status).toBe(201);
    const me = await t.request({ method: "GET", url: `${AUTH}/me`, key: null, headers: bearer(answer.body.data.jwt) });
    expect(me.body.data.roles.map((r: { uid: string }) => r.uid)).toContain("admin");
    expect(t.app.rbac.firstAdmin.setupCode).toBeUndefined();
    expect(await needed(t)).toBe(false);
  });

  test("the code is spent: a second use is refused and changes nothing", async () => {
    const again = await setUp(t, code, "intruder@example.com", "intruder password");
    expect(again.status).toBe(409);
    await expect(signIn(t, "intruder@example.com", "intruder password")).rejects.toThrow();
    await signIn(t, "owner@example.com", "owner password");
  });
});

describe("when an admin exists by another way", () => {
  test("ADMIN_EMAIL at start: no code is made and setup is closed", async () => {
    const t = await createTestApp({ adminEmail: "root@example.com", adminPassword: "root password" });
    try {
      expect(t.app.rbac.firstAdmin.setupCode).toBeUndefined();
      expect(await needed(t)).toBe(false);
      expect((await setUp(t, "AAAA-BBBB-CCCC-DDDD")).status).toBe(409);
    } finally {
      await t.close();
    }
  });

  test("an admin made after start (npm run admin, another instance) closes setup for the code printed before", async () => {
    const t = await createTestApp();
    try {
      const code = t.app.rbac.firstAdmin.setupCode!;
      await t.app.rbac.accounts.ensureAdmin("cli@example.com", "cli password");
      expect(await needed(t)).toBe(false);
      expect((await setUp(t, code)).status).toBe(409);
      await expect(signIn(t, "owner@example.com", "owner password")).rejects.toThrow();
    } finally {
      await t.close();
    }
  });
});
