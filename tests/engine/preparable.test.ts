import { describe, expect, it } from "vitest";
import { preparable } from "../../engine/db/open-database.js";

/**
 * Which of module code's statement texts run as named prepared statements on a PostgreSQL server
 * (open-database.ts): single statements reading or writing rows that name their columns. A `*`
 * would change its row type under a prepared statement when a migration adds a column (PostgreSQL
 * then refuses it), and a text of several statements cannot be prepared at all.
 */
describe("preparable statement texts", () => {
  it.each([
    ['select "id", "stock" from "ecommerce_products" where "id" in ($1) for update', true],
    ['insert into "t" ("a") values ($1) returning "id", "a"', true],
    ['update "t" set "a" = $1 where "id" = $2 returning "id"', true],
    ['delete from "t" where "id" = $1', true],
    ['  WITH l AS (SELECT "id" FROM "t") SELECT round(l."n" * l."q", 2) AS "amount" FROM l', true],
    ['(select "a" from "t") union all (select "a" from "u")', true],
    ['select "o".* from "ecommerce_orders" as "o"', false],
    ['select * from "t" where "id" = $1', false],
    ['select "x".*, true as "store" from "p"', false],
    ['update "t" set "a" = 1 returning *', false],
    ["CREATE TABLE t (a int); INSERT INTO t VALUES (1)", false],
    ["select 1; select 2", false],
    ["begin", false],
    ["EXPLAIN (FORMAT JSON) select 1", false],
    ['SET search_path TO "s"', false],
  ])("%s → %s", (text, expected) => {
    expect(preparable(text)).toBe(expected);
  });
});
