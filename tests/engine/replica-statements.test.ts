import { describe, expect, it } from "vitest";
import { walPosition } from "../../engine/db/read-replicas.js";
import { readOnlyStatement } from "../../engine/db/replica-reads.js";

// Which statements a read replica may be sent (engine/db/replica-reads.ts): a standby refuses
// writes, and a function with effects run there would be lost.
describe("statements a replica may answer", () => {
  it.each([
    ['SELECT "id", "slug" FROM "blog_articles" WHERE "slug" = $1', true],
    ['(select "id" from "host_pages" limit $1) union all (select "id" from "host_pages" limit $2)', true],
    ['  with "hits" as (select "id" from "search_documents") select "id" from "hits"', true],
    ['SELECT "updatedAt", "deletedFrom" FROM "blog_articles"', true],
    ['INSERT INTO "blog_articles" ("slug") VALUES ($1) RETURNING "id"', false],
    ['UPDATE "blog_articles" SET "slug" = $1', false],
    ['DELETE FROM "blog_articles" WHERE "id" = $1', false],
    ['WITH "gone" AS (DELETE FROM "jobs" RETURNING "id") SELECT count(*) FROM "gone"', false],
    ['SELECT "id" FROM "jobs" WHERE "runAt" <= now() FOR UPDATE SKIP LOCKED', false],
    ['select "id" from "carts" for no key update', false],
    ["SELECT nextval('orders_number_seq')", false],
    ["SELECT pg_notify($1, $2)", false],
    ["SELECT pg_try_advisory_xact_lock(731520, hashtext(current_schema()))", false],
    ["SELECT set_config('search_path', $1, false)", false],
    ["begin", false],
    ["EXPLAIN SELECT 1", false],
  ])("%s → %s", (text, replica) => {
    expect(readOnlyStatement(text)).toBe(replica);
  });
});

describe("WAL positions", () => {
  it("order as the server orders them, across the high word", () => {
    const positions = ["0/16B3748", "0/FFFFFFFF", "1/0", "16/B374D848", "A/1"];
    const sorted = [...positions].sort((a, b) => (walPosition(a) < walPosition(b) ? -1 : 1));
    expect(sorted).toEqual(["0/16B3748", "0/FFFFFFFF", "1/0", "A/1", "16/B374D848"]);
    expect(walPosition("1/0") - walPosition("0/FFFFFFFF")).toBe(1n);
  });
});
