import { createHash } from "node:crypto";
import type { FastifyRequest } from "fastify";
import { sql } from "kysely";
import { AppError, validationError } from "../../../engine/errors.js";
import type { ModelQueries } from "../../../engine/query/model-tables.js";

export interface Answer {
  status: number;
  body: unknown;
}

/**
 * Longer than any checkout takes (its provider call times out at 15 s; a concurrent checkout waits
 * at most 30 s for another): a reservation this old belonged to a request that died, and the next
 * request with the key takes it over.
 */
const RESERVATION_ABANDONED_MS = 60_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** JSON with object keys sorted: the same data hashes the same whatever order its fields came in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`)
      .join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * `Idempotency-Key` on checkouts (docs/api.md "Shop wire shapes"): the first successful answer to a key is kept
 * per subject, and the same key with the same request gets it again instead of running twice.
 * The same key with another request is a conflict; "the request" is the method, route, path
 * parameters and the parsed `data` — whichever body form carried it (JSON, urlencoded, multipart).
 *
 * The key is reserved before the checkout runs (when it was only looked up, three
 * identical checkouts at once made three orders): a row with no answer yet, inserted in its own
 * statement under the unique (subject, key), so no transaction is held while the provider is asked
 * (the embedded database has one connection). A request that finds the key reserved waits for the
 * answer and gives it; a failed run deletes its reservation (it changed nothing, so a retry runs
 * again); a reservation older than RESERVATION_ABANDONED_MS is taken over.
 */
export class IdempotencyKeys {
  constructor(private readonly db: ModelQueries) {}

  /** `input` is the request's parsed data (the body as read, not `request.body`, which a multipart request does not have). */
  async answer(
    request: FastifyRequest,
    subjectId: string,
    input: unknown,
    run: () => Promise<Answer>,
  ): Promise<Answer> {
    const key = request.headers["idempotency-key"];
    if (key === undefined) return run();
    if (typeof key !== "string" || key.length === 0 || key.length > 255) {
      throw validationError("Idempotency-Key must be 1 to 255 characters", [
        { path: "/headers/idempotency-key", message: "must be 1 to 255 characters" },
      ]);
    }
    const requestHash = createHash("sha256")
      .update(`${request.method} ${request.routeOptions.url} ${canonical(request.params)} ${canonical(input)}`)
      .digest("hex");
    for (let delay = 5; ; delay = Math.min(delay * 2, 200)) {
      const reserved = await this.db
        .insertInto("ecommerce/idempotency-keys")
        .values({ subjectId, key, requestHash })
        .onConflict((oc) => oc.columns(["subjectId", "key"]).doNothing())
        .returning("id")
        .executeTakeFirst();
      if (reserved) return this.runReserved(reserved.id, run);
      const stored = await this.find(subjectId, key);
      if (!stored) continue; // its run failed and let the key go: reserve it again
      if (stored.requestHash !== requestHash)
        throw new AppError("CONFLICT", "this Idempotency-Key was used with another request");
      if (stored.statusCode !== null) return { status: stored.statusCode, body: stored.response };
      if (stored.abandoned) {
        await this.db
          .deleteFrom("ecommerce/idempotency-keys")
          .where("id", "=", stored.id)
          .where("statusCode", "is", null)
          .execute();
        continue;
      }
      await pause(delay); // another request with this key is under way: its answer will be ours
    }
  }

  private async runReserved(id: string, run: () => Promise<Answer>): Promise<Answer> {
    let answer: Answer;
    try {
      answer = await run();
    } catch (error) {
      // Nothing was kept: the key is free for a retry (if this delete fails too, the reservation is taken over once abandoned).
      await this.db
        .deleteFrom("ecommerce/idempotency-keys")
        .where("id", "=", id)
        .execute()
        .catch(() => undefined);
      throw error;
    }
    await this.db
      .updateTable("ecommerce/idempotency-keys")
      .set({ statusCode: answer.status, response: JSON.stringify(answer.body) })
      .where("id", "=", id)
      .execute();
    return answer;
  }

  private find(subjectId: string, key: string) {
    return this.db
      .selectFrom("ecommerce/idempotency-keys")
      .select([
        "id",
        "requestHash",
        "statusCode",
        "response",
        sql<boolean>`"createdAt" < now() - make_interval(secs => ${RESERVATION_ABANDONED_MS / 1000}::float8)`.as(
          "abandoned",
        ),
      ])
      .where("subjectId", "=", subjectId)
      .where("key", "=", key)
      .executeTakeFirst();
  }
}
