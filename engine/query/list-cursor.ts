import { createHmac, timingSafeEqual } from "node:crypto";
import { validationErrorFromCauses } from "../errors.js";
import type { Model } from "../schema/model.js";
import { positionOf } from "./keyset-after.js";
import type { Order } from "./list-query.js";
import { fullOrderKeys } from "./where.js";

/** Longer than any cursor this server makes (a position of a few keys); refused unread. */
const MAX_CURSOR_LENGTH = 4096;

/**
 * The `after` cursors of lists: a position along a list's full order (the values of its order
 * keys in the last record of a page, the id last), as base64url JSON with a signature over the
 * model, the order and the values. A cursor made for another model or order, or altered, or not
 * made here, is a 400. Its values are those of visible fields only (hidden ones cannot be
 * ordered on, and a hidden key is refused here too), all already in the page that carried it.
 */
export class ListCursors {
  private key?: Buffer;
  private loading?: Promise<Buffer>;

  /** `secret` is asked for once, when the first cursor is made or read. */
  constructor(private readonly secret: () => Promise<string> | string) {}

  /** Resolves the secret now (at start-up, so no request waits for it). */
  async ready(): Promise<Buffer> {
    if (this.key) return this.key;
    this.loading ??= Promise.resolve(this.secret()).then(
      (secret) => (this.key = createHmac("sha256", secret).update("list-cursor").digest()),
    );
    return this.loading;
  }

  /** The cursor of the page after `rows` when it is full (more may follow); none otherwise. */
  next(
    model: Model,
    orderBy: Order[],
    limit: number,
    rows: readonly Record<string, unknown>[],
  ): string | undefined | Promise<string> {
    const last = rows.at(-1);
    if (!last || rows.length < limit || hiddenKey(model, orderBy)) return undefined;
    const body = Buffer.from(JSON.stringify(positionOf(model, orderBy, last))).toString("base64url");
    // The key is resolved at start-up (ready): a promise only before that.
    const signed = (key: Buffer) => `${body}.${this.sign(key, model, orderBy, body)}`;
    return this.key ? signed(this.key) : this.ready().then(signed);
  }

  /** The position a cursor holds, checked against this model and order; a 400 naming `/after` otherwise. */
  async read(model: Model, orderBy: Order[], cursor: string): Promise<unknown[]> {
    const refuse = (message: string) => validationErrorFromCauses([{ path: "/after", message }]);
    if (hiddenKey(model, orderBy)) throw refuse("cannot page this order by cursor");
    const [body, signature, extra] = cursor.split(".");
    if (cursor.length > MAX_CURSOR_LENGTH || !body || !signature || extra !== undefined)
      throw refuse("is not a list cursor");
    const expected = Buffer.from(this.sign(await this.ready(), model, orderBy, body));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw refuse("is not a cursor of this list: use the `next` of a page of the same list, in the same order");
    }
    let values: unknown;
    try {
      values = JSON.parse(Buffer.from(body, "base64url").toString());
    } catch {
      throw refuse("is not a list cursor");
    }
    const keys = fullOrderKeys(orderBy, model.defaultOrder);
    if (!Array.isArray(values) || values.length !== keys.length || typeof values.at(-1) !== "string")
      throw refuse("is not a list cursor");
    return values;
  }

  private sign(key: Buffer, model: Model, orderBy: Order[], body: string): string {
    const order = fullOrderKeys(orderBy, model.defaultOrder).map(
      (k) => `${k.column}${k.key === undefined ? "" : `->>${k.key}`} ${k.direction}`,
    );
    return createHmac("sha256", key)
      .update(`${model.id}\n${order.join(",")}\n${body}`)
      .digest("base64url")
      .slice(0, 27);
  }
}

/** An order key on a hidden field: never put in a cursor (list-query refuses ordering on one already). */
const hiddenKey = (model: Model, orderBy: Order[]) =>
  fullOrderKeys(orderBy, model.defaultOrder).some((k) => model.fieldMap.get(k.column)?.hidden !== false);
