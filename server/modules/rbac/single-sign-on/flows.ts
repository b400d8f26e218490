import { createHash, randomBytes } from "node:crypto";
import type { ModelQueries } from "../../../../engine/query/model-tables.js";
import { AppError } from "../../../../engine/errors.js";
import type { FlowChecks } from "./provider-client.js";

/** How long a browser has between leaving for the provider and coming back. */
export const FLOW_TTL_MS = 10 * 60 * 1000;

export interface BegunFlow extends FlowChecks {
  /** The random value the browser keeps in the binding cookie; only its hash is stored. */
  binding: string;
}

export interface SpentFlow extends FlowChecks {
  returnTo: string;
  /** Set when a signed-in subject links single sign-on rather than signing in. */
  linkSubjectId: string | null;
}

const random = () => randomBytes(32).toString("base64url");
const hashOf = (binding: string) => createHash("sha256").update(binding).digest("base64url");

/**
 * The flows of rbac/openid-connect-flows: state, nonce and PKCE verifier made here (32 random
 * bytes each), kept server-side, and spent once by the browser that began the flow.
 */
export class Flows {
  constructor(private readonly db: ModelQueries) {}

  async begin(returnTo: string, linkSubjectId: string | undefined): Promise<BegunFlow> {
    const flow = { state: random(), nonce: random(), codeVerifier: random(), binding: random() };
    // Flows nobody came back for go when the next one begins: the table stays as small as the traffic of ten minutes.
    await this.db.deleteFrom("rbac/openid-connect-flows").where("expiresAt", "<", new Date()).execute();
    await this.db
      .insertInto("rbac/openid-connect-flows")
      .values({
        state: flow.state,
        nonce: flow.nonce,
        codeVerifier: flow.codeVerifier,
        browserHash: hashOf(flow.binding),
        returnTo,
        linkSubjectId: linkSubjectId ?? null,
        expiresAt: new Date(Date.now() + FLOW_TTL_MS),
      })
      .execute();
    return flow;
  }

  /**
   * Marks the flow of this state used, if this browser began it, it is unused and unexpired: one
   * statement, so two callbacks at once cannot both spend it. It is spent before the code is
   * exchanged, so an answer that fails its checks cannot be tried again either.
   */
  async spend(state: string, binding: string | undefined): Promise<SpentFlow> {
    const spent = binding
      ? await this.db
          .updateTable("rbac/openid-connect-flows")
          .set({ usedAt: new Date() })
          .where("state", "=", state)
          .where("browserHash", "=", hashOf(binding))
          .where("usedAt", "is", null)
          .where("expiresAt", ">", new Date())
          .returning(["state", "nonce", "codeVerifier", "returnTo", "linkSubjectId"])
          .executeTakeFirst()
      : undefined;
    if (!spent)
      throw new AppError(
        "AUTHENTICATION_ERROR",
        "this single sign-on answer is unknown, already used, expired or was begun in another browser: sign in again",
      );
    return spent;
  }
}
