import { EVERYTHING, type ChangeFeed } from "../../engine/query/change-feed.js";
import type { Registry } from "../../engine/schema/registry.js";
import type { Authorizer } from "../modules/rbac/permissions/authorizer.js";

/** The records behind the permission answers: a change may widen or narrow what visitors read. */
export const PERMISSION_MODELS = ["rbac/roles", "rbac/permissions", "rbac/roles-to-permissions"];

/** The one rbac model a page may show in full; subjects appear only as id, slug and variant (see load-page.ts). */
const RBAC_CONTENT = new Set(["rbac/widgets"]);

const ANONYMOUS = Object.freeze({ kind: "anonymous" as const });

/**
 * Which models a page may include: those an anonymous visitor may read through the API
 * (GET /api/{model} allowed by the permission records), because a rendered page is shared by
 * every visitor and cached. Accounts (rbac) never, whatever the permissions say: identities,
 * roles and permissions are not content. Recomputed when permissions change.
 */
export class ModelAccess {
  private readable?: Promise<Set<string>>;

  constructor(
    private readonly registry: Registry,
    private readonly authorizer: Authorizer,
    changes: ChangeFeed,
  ) {
    changes.subscribe((model) => {
      if (model === EVERYTHING || PERMISSION_MODELS.includes(model)) this.readable = undefined;
    }, PERMISSION_MODELS);
  }

  /** The ids of every model a page may include. */
  readableModels(): Promise<Set<string>> {
    if (!this.readable) {
      const loading = this.compute();
      this.readable = loading;
      loading.catch(() => {
        if (this.readable === loading) this.readable = undefined;
      });
    }
    return this.readable;
  }

  private async compute(): Promise<Set<string>> {
    const candidates = this.registry.exposed.filter((m) => m.module !== "rbac" || RBAC_CONTENT.has(m.id));
    const allowed = await Promise.all(candidates.map((m) => this.authorizer.allows(ANONYMOUS, "GET", `/api/${m.id}`)));
    return new Set(candidates.filter((_, i) => allowed[i]).map((m) => m.id));
  }
}
