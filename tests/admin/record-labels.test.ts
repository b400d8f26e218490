import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { plainLabel } from "../../engine/admin/record-label.js";
import { createRecord, createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";
import { as, register } from "../rbac/helpers.js";

/**
 * The admin's one labeller (GET /api/admin/labels/{model}): what tables, pickers and the delete
 * dialog call a record — a price "$32.00 · USD", an order by number, customer and total, a
 * relation row by both ends, a file with its thumbnail, a person by email — never "default" nor a bare uuid.
 */
describe(`record labels on ${testDialect}`, () => {
  let t: TestApp;
  beforeAll(async () => void (t = await createTestApp()));
  afterAll(() => t.close());

  const labels = async (model: string, query: string) => {
    const { status, body } = await t.request({ method: "GET", url: `/api/admin/labels/${model}?${query}` });
    expect(status, JSON.stringify(body)).toBe(200);
    return body.data as { id: string; label: string; file?: { file: string } }[];
  };

  it("names a record from its own fields: its naming field, else its title in the language, never a bare id", () => {
    const model = { title: "Page", labelField: "adminTitle" };
    expect(
      plainLabel(model, { id: "1a2b3c4d-0000", adminTitle: "Acme", title: { en: "Home", ru: "Главная" } }, "ru"),
    ).toBe("Acme");
    expect(
      plainLabel(model, { id: "1a2b3c4d-0000", adminTitle: null, title: { en: "Home", ru: "Главная" } }, "ru"),
    ).toBe("Главная");
    expect(plainLabel(model, { id: "1a2b3c4d-0000", adminTitle: "", title: "Home" })).toBe("Home");
    // An older row with no admin title, nothing else to go by: the model and the id's start.
    expect(
      plainLabel(
        { title: "Attribute", labelField: "adminTitle" },
        { id: "1a2b3c4d-0000", adminTitle: null, string: {}, variant: "default" },
      ),
    ).toBe("Attribute 1a2b3c4d");
  });

  it("names a price by its amount in its currency, exactly, and an older attribute with no admin title by its amount", async () => {
    const usd = await createRecord(t, "/api/billing/currencies", {
      slug: "usd",
      symbol: "$",
      decimals: 2,
      title: { en: "Dollar" },
    });
    const price = await createRecord(t, "/api/ecommerce/attributes", { number: "32", string: {} });
    await createRecord(t, "/api/ecommerce/attributes-to-billing-module-currencies", {
      attributeId: price.id,
      billingModuleCurrencyId: usd.id,
    });
    const big = await createRecord(t, "/api/ecommerce/attributes", { number: "1234567.005", string: {} });
    await createRecord(t, "/api/ecommerce/attributes-to-billing-module-currencies", {
      attributeId: big.id,
      billingModuleCurrencyId: usd.id,
    });
    const bare = await createRecord(t, "/api/ecommerce/attributes", { number: "5.5", string: {} });
    const found = await labels("ecommerce/attributes", `ids=${price.id},${big.id},${bare.id}`);
    expect(found.map((l) => l.label)).toEqual(["$32.00 · USD", "$1 234 567.01 · USD", "5.5"]);
  });

  it("names a relation row by its two ends, and a file with its thumbnail", async () => {
    const page = await createRecord(t, "/api/host/pages", { url: "/labels", title: "Home" });
    const widget = await createRecord(t, "/api/host/widgets", { title: { en: "Hero", ru: "Герой" } });
    const link = await createRecord(t, "/api/host/pages-to-widgets", { pageId: page.id, widgetId: widget.id });
    expect((await labels("host/pages-to-widgets", `ids=${link.id}`))[0]!.label).toBe("Home → Hero");
    // A record with no admin title is named by its text in the language asked for.
    const colour = await createRecord(t, "/api/ecommerce/attributes", { string: { en: "Red", ru: "Красный" } });
    expect((await labels("ecommerce/attributes", `ids=${colour.id}&language=ru`))[0]!.label).toBe("Красный");
    expect((await labels("ecommerce/attributes", `ids=${colour.id}`))[0]!.label).toBe("Red");
    const file = await createRecord(t, "/api/file-storage/files", { adminTitle: "mug.jpg", file: "/files/mug.jpg" });
    const [named] = await labels("file-storage/files", `ids=${file.id}`);
    expect(named).toMatchObject({ label: "mug.jpg", file: { file: "/files/mug.jpg" } });
  });

  it("names an order by its number, customer and the total charged", async () => {
    const order = await createRecord(t, "/api/ecommerce/orders", {
      type: "history",
      status: "new",
      receipt: "",
      email: "ada@example.com",
    });
    const eur = await createRecord(t, "/api/billing/currencies", { slug: "eur", symbol: "€", decimals: 2 });
    await createRecord(t, "/api/ecommerce/orders-to-billing-module-currencies", {
      orderId: order.id,
      billingModuleCurrencyId: eur.id,
    });
    const cart = await createRecord(t, "/api/ecommerce/orders", {
      type: "cart",
      status: "new",
      receipt: "",
      email: "bob@example.com",
    });
    const intent = await createRecord(t, "/api/billing/payment-intents", {
      status: "succeeded",
      type: "one_off",
      amount: "64.5",
    });
    const invoice = await createRecord(t, "/api/billing/invoices", {
      amount: "64.5",
      currency: "eur",
      status: "paid",
      provider: "dummy",
    });
    await createRecord(t, "/api/billing/payment-intents-to-invoices", {
      paymentIntentId: intent.id,
      invoiceId: invoice.id,
    });
    await createRecord(t, "/api/ecommerce/orders-to-billing-module-payment-intents", {
      orderId: order.id,
      billingModulePaymentIntentId: intent.id,
    });
    const found = await labels("ecommerce/orders", `ids=${order.id},${cart.id}`);
    expect(found[0]!.label).toBe(`#${order.id.slice(0, 8)} · ada@example.com · €64.50 · EUR`);
    expect(found[1]!.label).toBe(`#${cart.id.slice(0, 8)} · bob@example.com`);
  });

  it("names a person's account by its email, a guest (no email) by its slug, and a role link by both", async () => {
    const ann = await register(t, "ann.labels@example.com");
    const guest = (await t.request({ method: "GET", url: "/api/rbac/subjects/authentication/init", key: null })).body
      .data;
    const guestId = JSON.parse(Buffer.from(guest.jwt.split(".")[1], "base64url").toString()).sub;
    const found = await labels("rbac/subjects", `ids=${ann.subjectId},${guestId}`);
    const byId = new Map(found.map((l) => [l.id, l.label]));
    expect(byId.get(ann.subjectId)).toBe("ann.labels@example.com");
    // Named by what its fields do not hold: the admin's table shows the email above the slug.
    expect(found.find((l) => l.id === ann.subjectId)).toMatchObject({ beyondFields: true });
    expect(byId.get(guestId)).toMatch(/^subject-/);
    const role = await createRecord(t, "/api/rbac/roles", { uid: "editor-labels", title: "Editor" });
    const link = await createRecord(t, "/api/rbac/subjects-to-roles", { subjectId: ann.subjectId, roleId: role.id });
    expect((await labels("rbac/subjects-to-roles", `ids=${link.id}`))[0]!.label).toBe(
      "ann.labels@example.com → Editor",
    );
  });

  it("searches by any title, and answers 400 for bad ids, 404 for an unknown model, 401/403 to others", async () => {
    await createRecord(t, "/api/ecommerce/stores", { adminTitle: "North", title: { en: "North", ru: "Северный" } });
    expect((await labels("ecommerce/stores", "search=северный")).map((l) => l.label)).toEqual(["North"]);
    expect((await t.request({ method: "GET", url: "/api/admin/labels/ecommerce/stores?ids=nope" })).status).toBe(400);
    expect((await t.request({ method: "GET", url: "/api/admin/labels/ecommerce/stores?limit=1000" })).status).toBe(400);
    expect((await t.request({ method: "GET", url: "/api/admin/labels/no/such" })).status).toBe(404);
    expect((await as(t, undefined)({ method: "GET", url: "/api/admin/labels/ecommerce/stores" })).status).toBe(401);
    expect(
      (
        await as(
          t,
          await register(t, "someone@example.com"),
        )({ method: "GET", url: "/api/admin/labels/ecommerce/stores" })
      ).status,
    ).toBe(403);
  });
});
