import type { ModelQueries } from "../../../../engine/query/model-tables.js";
import { EVERYTHING, type ChangeFeed } from "../../../../engine/query/change-feed.js";
import { compilePathPattern, splitPath, type PathMatcher } from "./path-pattern.js";
import { IMPLICIT_ROLES } from "./default-permissions.js";

/** Who is asking: the server's secret key, a signed-in subject, or nobody. */
export type Caller = { kind: "secret-key" } | { kind: "subject"; subjectId: string } | { kind: "anonymous" };

interface Rule {
  method: string;
  matches: PathMatcher;
}

/** Models whose changes alter the answers; the caches drop what they hold when one changes. */
const PERMISSION_MODELS = new Set(["rbac/roles", "rbac/permissions", "rbac/roles-to-permissions"]);
const SUBJECT_MODELS = new Set(["rbac/subjects", "rbac/subjects-to-roles", "rbac/roles"]);
const SUBJECT_CACHE_LIMIT = 10_000;

/**
 * Answers "may this caller call this method on this route?" from the permission records. The
 * rules of every role are loaded in one query and kept until a role or permission changes; a
 * subject's roles are kept per subject until its role links change.
 */
export class Authorizer {
  private rules?: Promise<Map<string, Rule[]>>;
  private readonly subjects = new Map<string, Promise<string[] | undefined>>();

  constructor(
    private readonly db: ModelQueries,
    changes: ChangeFeed,
  ) {
    changes.subscribe(
      (modelId) => {
        if (modelId === EVERYTHING || PERMISSION_MODELS.has(modelId)) this.rules = undefined;
        if (modelId === EVERYTHING || SUBJECT_MODELS.has(modelId)) this.subjects.clear();
      },
      [...PERMISSION_MODELS, ...SUBJECT_MODELS],
    );
  }

  async allows(caller: Caller, method: string, path: string): Promise<boolean> {
    if (caller.kind === "secret-key") return true;
    const roles: string[] = [IMPLICIT_ROLES.everyone];
    let selfId: string | undefined;
    if (caller.kind === "subject") {
      const own = await this.rolesOf(caller.subjectId);
      if (own) {
        roles.push(IMPLICIT_ROLES.signedIn, ...own);
        selfId = caller.subjectId;
      }
    }
    const rules = await this.loadRules();
    const segments = splitPath(path);
    const verb = method.toUpperCase() === "HEAD" ? "GET" : method.toUpperCase();
    return roles.some((uid) =>
      rules.get(uid)?.some((r) => (r.method === "*" || r.method === verb) && r.matches(segments, selfId)),
    );
  }

  /** The uids of a subject's roles; undefined when the subject no longer exists (signed out). */
  rolesOf(subjectId: string): Promise<string[] | undefined> {
    let roles = this.subjects.get(subjectId);
    if (!roles) {
      if (this.subjects.size >= SUBJECT_CACHE_LIMIT) this.subjects.clear();
      roles = this.queryRoles(subjectId);
      this.subjects.set(subjectId, roles);
      roles.catch(() => this.subjects.delete(subjectId));
    }
    return roles;
  }

  private async queryRoles(subjectId: string): Promise<string[] | undefined> {
    const rows = await this.db
      .selectFrom("rbac/subjects as s")
      .leftJoin("rbac/subjects-to-roles as sr", "sr.subjectId", "s.id")
      .leftJoin("rbac/roles as r", "r.id", "sr.roleId")
      .select(["s.id", "r.uid"])
      .where("s.id", "=", subjectId)
      .execute();
    if (rows.length === 0) return undefined;
    return [...new Set(rows.map((r) => r.uid).filter((u): u is string => !!u))];
  }

  private loadRules(): Promise<Map<string, Rule[]>> {
    if (!this.rules) {
      const loading = this.queryRules();
      this.rules = loading;
      loading.catch(() => {
        if (this.rules === loading) this.rules = undefined;
      });
    }
    return this.rules;
  }

  private async queryRules(): Promise<Map<string, Rule[]>> {
    const rows = await this.db
      .selectFrom("rbac/roles as r")
      .innerJoin("rbac/roles-to-permissions as rp", "rp.roleId", "r.id")
      .innerJoin("rbac/permissions as p", "p.id", "rp.permissionId")
      .select(["r.uid", "p.method", "p.path"])
      .where("p.type", "=", "HTTP")
      .execute();
    const rules = new Map<string, Rule[]>();
    for (const row of rows) {
      if (typeof row.path !== "string") continue;
      const list = rules.get(row.uid) ?? [];
      list.push({ method: row.method, matches: compilePathPattern(row.path) });
      rules.set(row.uid, list);
    }
    return rules;
  }
}
