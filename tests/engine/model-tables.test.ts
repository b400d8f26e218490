import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import { modelQueries, type ModelQueries } from "../../engine/query/model-tables.js";
import { runTransaction } from "../../engine/query/transaction.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * Typed queries name tables by model id (engine/query/model-tables.ts): the generated types check
 * the columns and values at compile time, and the plugin turns each id into the model's SQL
 * table at run time, in every place a table can stand (from, join, a qualified column, raw SQL,
 * an insert, a published copy). The type assertions are checked by `tsc`.
 */
describe("typed queries by model id", () => {
  let t: TestApp;
  let db: ModelQueries;
  beforeAll(async () => {
    t = await createTestApp();
    db = modelQueries(t.app.database.db, t.app.registry);
  });
  afterAll(() => t.close());

  it("inserts and reads a model's rows with its generated row type", async () => {
    const inserted = await db
      .insertInto("billing/currencies")
      .values({
        title: { en: "Typed franc" },
        adminTitle: "Typed franc",
        symbol: "₣",
        slug: "typed-franc",
        decimals: 2,
      })
      .returning(["id", "slug", "createdAt"])
      .executeTakeFirstOrThrow();
    expectTypeOf(inserted.createdAt).toEqualTypeOf<Date>();
    expect(inserted.createdAt).toBeInstanceOf(Date);
    const read = await db
      .selectFrom("billing/currencies")
      .select(["slug", "decimals"])
      .where("id", "=", inserted.id)
      .executeTakeFirstOrThrow();
    expectTypeOf(read.decimals).toEqualTypeOf<number>();
    expect(read).toEqual({ slug: "typed-franc", decimals: 2 });
    // The SQL names the table, not the id.
    const compiled = db.selectFrom("billing/currencies").select("slug").compile();
    expect(compiled.sql).toContain(`"${t.app.registry.get("billing/currencies").table}"`);
    expect(compiled.sql).not.toContain("billing/currencies");
  });

  it("rewrites aliased joins, qualified columns and tables in raw SQL", async () => {
    const intent = await db
      .insertInto("billing/payment-intents")
      .values({ amount: "12.50" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const invoice = await db
      .insertInto("billing/invoices")
      .values({ provider: "dummy", amount: "12.50", status: "new" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("billing/payment-intents-to-invoices")
      .values({ paymentIntentId: intent.id, invoiceId: invoice.id })
      .execute();
    const joined = await db
      .selectFrom("billing/payment-intents as pi")
      .innerJoin("billing/payment-intents-to-invoices as pii", "pii.paymentIntentId", "pi.id")
      .innerJoin("billing/invoices", "billing/invoices.id", "pii.invoiceId")
      .select(["pi.amount", "billing/invoices.status"])
      .where("pi.id", "=", intent.id)
      .execute();
    expect(joined).toEqual([{ amount: "12.50", status: "new" }]);
    const counted = await sql<{
      n: number;
    }>`select count(*)::int as n from ${sql.table("billing/invoices")} where id = ${invoice.id}`.execute(db);
    expect(counted.rows).toEqual([{ n: 1 }]);
  });

  it("names a published copy as {id}@published", () => {
    const compiled = db.selectFrom("host/pages@published").select("url").compile();
    expect(compiled.sql).toContain(`"${t.app.registry.get("host/pages").published!.table}"`);
  });

  it("passes a name that is no model's through unchanged (a table the engine names itself)", async () => {
    const table = t.app.registry.get("billing/currencies").table;
    const rows = await (db as any).selectFrom(table).select("slug").where("slug", "=", "typed-franc").execute();
    expect(rows).toEqual([{ slug: "typed-franc" }]);
  });

  it("hands module work a typed transaction that writes on the same connection as its repositories", async () => {
    await expect(
      runTransaction(t.app.database, t.app.repositories, async (repository, trx) => {
        const currency = await repository("billing/currencies").create({
          title: { en: "Rolled back" },
          symbol: "R",
          slug: "rolled-back",
        });
        const seen = await trx
          .selectFrom("billing/currencies")
          .select("slug")
          .where("id", "=", currency.id)
          .executeTakeFirst();
        expect(seen).toEqual({ slug: "rolled-back" });
        throw new Error("undo");
      }),
    ).rejects.toThrow("undo");
    expect(
      await db.selectFrom("billing/currencies").select("id").where("slug", "=", "rolled-back").executeTakeFirst(),
    ).toBeUndefined();
  });

  it("types the hidden columns a module reads (they never leave the server)", () => {
    const compiled = db.selectFrom("rbac/identities").select(["password", "salt"]).compile();
    expect(compiled.sql).toContain(`"${t.app.registry.get("rbac/identities").table}"`);
    // @ts-expect-error an unknown column is a compile error
    db.selectFrom("rbac/identities").select(["no-such-column"]);
  });
});
