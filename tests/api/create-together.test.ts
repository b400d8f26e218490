import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../../engine/errors.js";
import { runTransaction } from "../../engine/query/transaction.js";
import { configFromEnv } from "../../server/config.js";
import { createRecord, createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";

/**
 * Repository.createTogether (a cart's new order, its line and its link in one round
 * trip): several creates as one statement, all or none, each validated as `create` validates it,
 * the changes announced, and the same rows inside a transaction. Repository.updateManyWith (a
 * checkout's orders moved to paying with their links): an update and inserts as one statement.
 */
describe(`createTogether on ${testDialect}`, () => {
  let t: TestApp;
  // No background queue: the statement counts below are the write's alone.
  beforeAll(
    async () =>
      void (t = await createTestApp({ notifications: { ...configFromEnv({}).notifications, worker: false } })),
  );
  afterAll(() => t.close());

  const repository = (model: string) => t.app.repositories.get(model)!;
  const countOf = async (model: string, id: string) => (await repository(model).listByIds([id])).length;
  const subject = () => repository("rbac/subjects").create({ slug: `s-${randomUUID()}` });

  it("writes an order, its line and its link in one statement, answering each row in order", async () => {
    const product = await createRecord(t, "/api/ecommerce/products", { adminTitle: "Mug", title: { en: "Mug" } });
    const { id: subjectId } = await subject();
    const orderId = randomUUID();
    const heard: string[] = [];
    const stop = t.app.changes.subscribe((model) => void heard.push(model));
    const before = t.app.database.queryCount();
    const [order, line, link] = await repository("ecommerce/orders").createTogether(
      { id: orderId, type: "cart", status: "new" },
      [
        {
          repository: repository("ecommerce/orders-to-products"),
          raw: { orderId, productId: product.id, quantity: 2 },
        },
        {
          repository: repository("rbac/subjects-to-ecommerce-module-orders"),
          raw: { subjectId, ecommerceModuleOrderId: orderId },
        },
      ],
    );
    const statements = t.app.database.queryCount() - before;
    stop();
    expect(statements).toBe(1);
    expect(order).toMatchObject({ id: orderId, type: "cart", status: "new" });
    expect(order!.createdAt).toBeInstanceOf(Date);
    expect(line).toMatchObject({ orderId, productId: product.id, quantity: 2, orderIndex: 0 });
    expect(link).toMatchObject({ subjectId, ecommerceModuleOrderId: orderId, orderIndex: 0 });
    expect(await repository("ecommerce/orders-to-products").get(line!.id as string)).toMatchObject({ quantity: 2 });
    expect(heard).toEqual(
      expect.arrayContaining([
        "ecommerce/orders",
        "ecommerce/orders-to-products",
        "rbac/subjects-to-ecommerce-module-orders",
      ]),
    );
  });

  it("appends a second relation row after the parent's first", async () => {
    const { id: subjectId } = await subject();
    const made = [];
    for (let i = 0; i < 2; i++) {
      const orderId = randomUUID();
      made.push(
        await repository("ecommerce/orders").createTogether({ id: orderId, type: "cart", status: "new" }, [
          {
            repository: repository("rbac/subjects-to-ecommerce-module-orders"),
            raw: { subjectId, ecommerceModuleOrderId: orderId },
          },
        ]),
      );
    }
    expect(made.map(([, link]) => link!.orderIndex)).toEqual([0, 1]);
  });

  it("writes nothing when one row is refused by the database (a reference to no record)", async () => {
    const orderId = randomUUID();
    const error = await repository("ecommerce/orders")
      .createTogether({ id: orderId, type: "cart", status: "new" }, [
        {
          repository: repository("ecommerce/orders-to-products"),
          raw: { orderId, productId: randomUUID(), quantity: 1 },
        },
      ])
      .catch((e) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBeGreaterThanOrEqual(400);
    expect((error as AppError).status).toBeLessThan(500);
    expect(await countOf("ecommerce/orders", orderId)).toBe(0);
  });

  it("refuses an invalid row before writing anything, naming the field", async () => {
    const orderId = randomUUID();
    const error = await repository("ecommerce/orders")
      .createTogether({ id: orderId, type: "cart", status: "new" }, [
        {
          repository: repository("ecommerce/orders-to-products"),
          raw: { orderId, productId: "not-a-uuid", quantity: 1 },
        },
      ])
      .catch((e) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(400);
    expect(JSON.stringify((error as AppError).causes ?? error.message)).toContain("productId");
    expect(await countOf("ecommerce/orders", orderId)).toBe(0);
  });

  it("inside a transaction writes the same rows, rolled back with it", async () => {
    const product = await createRecord(t, "/api/ecommerce/products", { adminTitle: "Cup", title: { en: "Cup" } });
    const orderId = randomUUID();
    const rows = await runTransaction(t.app.database, t.app.repositories, (repo) =>
      repo("ecommerce/orders").createTogether({ id: orderId, type: "cart", status: "new" }, [
        { repository: repo("ecommerce/orders-to-products"), raw: { orderId, productId: product.id, quantity: 1 } },
      ]),
    );
    expect(rows.map((r) => r.id)).toHaveLength(2);
    expect(await countOf("ecommerce/orders", orderId)).toBe(1);
    const undone = randomUUID();
    await runTransaction(t.app.database, t.app.repositories, async (repo) => {
      await repo("ecommerce/orders").createTogether({ id: undone, type: "cart", status: "new" }, []);
      throw new Error("roll back");
    }).catch(() => {});
    expect(await countOf("ecommerce/orders", undone)).toBe(0);
  });

  describe("updateManyWith", () => {
    const twoOrders = async () =>
      [
        await repository("ecommerce/orders").create({ type: "cart", status: "new" }),
        await repository("ecommerce/orders").create({ type: "cart", status: "new" }),
      ] as { id: string }[];
    const currency = () =>
      createRecord(t, "/api/billing/currencies", {
        slug: `c${randomUUID().slice(0, 6)}`,
        adminTitle: "Coin",
        decimals: 2,
      });
    const links = (orders: { id: string }[], currencyId: string) => [
      {
        repository: repository("ecommerce/orders-to-billing-module-currencies"),
        rows: orders.map((o) => ({ orderId: o.id, billingModuleCurrencyId: currencyId })),
      },
    ];
    const linked = async (orderId: string) =>
      (
        await repository("ecommerce/orders-to-billing-module-currencies").list({
          filters: [
            {
              field: repository("ecommerce/orders-to-billing-module-currencies").model.fieldMap.get("orderId")!,
              kind: "uuid",
              method: "eq",
              value: orderId,
            } as any,
          ],
          orderBy: [],
          limit: 10,
          offset: 0,
        })
      ).length;

    it("updates the records and writes the rows in one statement", async () => {
      const orders = await twoOrders();
      const { id: currencyId } = await currency();
      const before = t.app.database.queryCount();
      const moved = await repository("ecommerce/orders").updateManyWith(
        orders.map((o) => o.id),
        { status: "paying", type: "history" },
        links(orders, currencyId),
      );
      expect(t.app.database.queryCount() - before).toBe(1);
      expect(moved.map((o) => o.status)).toEqual(["paying", "paying"]);
      expect(await linked(orders[0]!.id)).toBe(1);
      expect(await linked(orders[1]!.id)).toBe(1);
    });

    it("changes nothing when a row is refused (a currency that does not exist)", async () => {
      const orders = await twoOrders();
      const error = await repository("ecommerce/orders")
        .updateManyWith(
          orders.map((o) => o.id),
          { status: "paying" },
          links(orders, randomUUID()),
        )
        .catch((e) => e);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBeLessThan(500);
      expect((await repository("ecommerce/orders").get(orders[0]!.id)).status).toBe("new");
    });

    it("refuses an invalid row before writing, naming its index and field", async () => {
      const orders = await twoOrders();
      const error = await repository("ecommerce/orders")
        .updateManyWith(
          orders.map((o) => o.id),
          { status: "paying" },
          links(orders, "not-a-uuid"),
        )
        .catch((e) => e);
      expect((error as AppError).status).toBe(400);
      expect(JSON.stringify((error as AppError).causes)).toContain("/0/billingModuleCurrencyId");
      expect((await repository("ecommerce/orders").get(orders[1]!.id)).status).toBe("new");
    });

    it("answers the rows marked `answer` (updateManyCreating), read back in the same statement with their types", async () => {
      const orders = await twoOrders();
      const { id: currencyId } = await currency();
      const intentId = randomUUID();
      const before = t.app.database.queryCount();
      const { updated, created } = await repository("ecommerce/orders").updateManyCreating(
        orders.map((o) => o.id),
        { status: "paying", type: "history" },
        [
          {
            repository: repository("billing/payment-intents"),
            rows: [{ id: intentId, amount: "12345678901234.57", status: "open", type: "one_off" }],
            answer: true,
          },
          ...links(orders, currencyId),
          {
            repository: repository("ecommerce/orders-to-billing-module-payment-intents"),
            rows: orders.map((o) => ({ orderId: o.id, billingModulePaymentIntentId: intentId })),
          },
        ],
      );
      expect(t.app.database.queryCount() - before).toBe(1);
      // The updated records carry their own columns only.
      expect(updated.map((o) => Object.keys(o).sort())).toEqual(
        orders.map(() => [...repository("ecommerce/orders").columns].sort()),
      );
      expect(updated.map((o) => o.status)).toEqual(["paying", "paying"]);
      // The intent as a create answers it: the exact decimal string, a Date; unanswered inserts undefined.
      expect(created[0]).toMatchObject({ id: intentId, amount: "12345678901234.57", status: "open" });
      expect(created[0]!.createdAt).toBeInstanceOf(Date);
      expect(created.slice(1)).toEqual([undefined, undefined]);
      expect(await repository("billing/payment-intents").get(intentId)).toEqual(created[0]);
    });

    it("refuses an answered insert of more than one row before writing", async () => {
      const orders = await twoOrders();
      const { id: currencyId } = await currency();
      const error = await repository("ecommerce/orders")
        .updateManyCreating(
          orders.map((o) => o.id),
          { status: "paying" },
          [{ ...links(orders, currencyId)[0]!, answer: true }],
        )
        .catch((e) => e);
      expect(String(error)).toContain("must be one row");
      expect(await linked(orders[0]!.id)).toBe(0);
    });
  });
});
