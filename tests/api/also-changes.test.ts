import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, testDialect, type TestApp } from "../helpers/test-app.js";

/**
 * Repository.alsoChanges: an order's status write fires the database trigger that queues a job,
 * so the change feed announces notification/jobs then (the queue wakes), and only then: a cart's
 * new order or a comment queues nothing (a wake per order write kept the queue's
 * statements running back to back under add-to-cart traffic).
 */
describe(`writes announced for the tables a trigger writes, on ${testDialect}`, () => {
  let t: TestApp;
  beforeAll(async () => void (t = await createTestApp()));
  afterAll(() => t.close());

  const heardAfter = async (write: () => Promise<unknown>) => {
    const heard: string[] = [];
    const stop = t.app.changes.subscribe((model) => void heard.push(model));
    await write();
    stop();
    return heard;
  };
  const orders = () => t.app.repositories.get("ecommerce/orders")!;

  it.each([
    ["a create", (_id: string) => orders().create({ id: randomUUID(), type: "cart", status: "new" }), false],
    ["an update without the status", (id: string) => orders().update(id, { comment: "gift wrap" }), false],
    ["an update of the status", (id: string) => orders().update(id, { status: "canceled" }), true],
    ["updateMany of the status", (id: string) => orders().updateMany([id], { status: "paying" }), true],
    ["bulkUpdate of the status", (id: string) => orders().bulkUpdate([{ id, status: "approving" }]), true],
  ])("%s: jobs announced %s", async (_name, write, jobs) => {
    const order = await orders().create({ type: "cart", status: "new" });
    const heard = await heardAfter(() => write(order.id));
    expect(heard).toContain("ecommerce/orders");
    expect(heard.includes("notification/jobs")).toBe(jobs);
  });
});
