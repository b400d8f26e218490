import { createHash } from "node:crypto";
import type { FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import { AppError, validationError } from "../../../engine/errors.js";

export interface Answer {
  status: number;
  body: unknown;
}

/**
 * `Idempotency-Key` on checkouts (API.md "Shop"): the first successful answer to a key is kept
 * per subject, and the same key with the same request gets it again instead of running twice.
 * The same key with another request is a conflict. A failed request keeps nothing (it changed
 * nothing), so a retry runs again. Two requests with one key at the same moment are safe too:
 * the checkout's row locks make the second answer the first one's invoice, and the stored answer
 * is the first one written.
 */
export class IdempotencyKeys {
  constructor(
    private readonly db: Kysely<any>,
    private readonly table: string,
  ) {}

  async answer(request: FastifyRequest, subjectId: string, run: () => Promise<Answer>): Promise<Answer> {
    const key = request.headers["idempotency-key"];
    if (key === undefined) return run();
    if (typeof key !== "string" || key.length === 0 || key.length > 255) {
      throw validationError("Idempotency-Key must be 1 to 255 characters", [{ path: "/headers/idempotency-key", message: "must be 1 to 255 characters" }]);
    }
    const requestHash = createHash("sha256").update(`${request.method} ${request.routeOptions.url} ${JSON.stringify(request.params)} ${JSON.stringify(request.body ?? null)}`).digest("hex");
    const stored = await this.find(subjectId, key);
    if (stored) return this.replay(stored, requestHash);
    const answer = await run();
    const inserted = await this.db
      .insertInto(this.table)
      .values({ subjectId, key, requestHash, statusCode: answer.status, response: JSON.stringify(answer.body) })
      .onConflict((oc) => oc.columns(["subjectId", "key"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    if (inserted) return answer;
    // Another request with this key finished first: its answer is the one to give.
    return this.replay((await this.find(subjectId, key))!, requestHash);
  }

  private find(subjectId: string, key: string) {
    return this.db.selectFrom(this.table).select(["requestHash", "statusCode", "response"]).where("subjectId", "=", subjectId).where("key", "=", key).executeTakeFirst();
  }

  private replay(stored: { requestHash: string; statusCode: number; response: unknown }, requestHash: string): Answer {
    if (stored.requestHash !== requestHash) throw new AppError("CONFLICT", "this Idempotency-Key was used with another request");
    return { status: stored.statusCode, body: stored.response };
  }
}
