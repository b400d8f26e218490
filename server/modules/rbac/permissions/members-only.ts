import type { FastifyBaseLogger } from "fastify";
import { EVERYTHING, type ChangeFeed } from "../../../../engine/query/change-feed.js";
import type { Condition } from "../../../../engine/query/list-query.js";
import type { Repository } from "../../../../engine/query/repository.js";
import type { Registry } from "../../../../engine/schema/registry.js";
import { EXTERNAL_WIDGETS, RelationGraph } from "../../../../engine/query/relation-graph.js";
import type { Authorizer, Caller } from "./authorizer.js";
import { findMembersOnlyRows, modelsBehind, type HiddenRows } from "./members-only-walk.js";

/** Which copy of x-drafts models a read answers from (docs/drafts.md): visitors read the published one. */
export type Copy = "working" | "published";

const NONE: ReadonlySet<string> = new Set();
const ANONYMOUS: Caller = Object.freeze({ kind: "anonymous" });
const PERMISSION_MODELS = ["rbac/roles", "rbac/permissions", "rbac/roles-to-permissions"];

/** What one set of roles may read, and (computed when first asked) the rows hidden from it. */
interface Profile {
  readable: Set<string>;
  /** The models whose changes may change `hidden`. */
  behind: Set<string>;
  /** Per copy: the links that make a row members-only are those of the copy the row is read from. */
  hidden: Partial<Record<Copy, Promise<HiddenRows>>>;
}

/**
 * Members-only content, derived from the permission records with one rule: a relation the caller
 * may not read, from a record the caller may read, guards what it links to. The blog's private
 * widgets are such content: an article is public, its link to website-builder widgets is not, so
 * a widget reachable only through that link (and whatever hangs below it only) is hidden from
 * callers who may not read the link — in lists, filters, counts, reads by id, pages and urls.
 *
 * A row is judged by the links of the copy it is read from: a published row by the published
 * links, so a link an editor removed (or added) in the working copy only changes nothing for
 * visitors until it is published; a working copy (`draft=true`, a preview) by the working links.
 *
 * Answers are kept per set of roles (the caller's permissions depend on nothing else for a
 * model's list route) and dropped when links or permissions change, here or, through the change
 * feed, on another instance. Working them out reads the links in a bounded number of queries.
 */
export class MembersOnly {
  private readonly graph: RelationGraph;
  private readonly profiles = new Map<string, Promise<Profile>>();
  /** Bumped on every change: an answer computed across a change is not kept. */
  private generation = 0;

  constructor(
    private readonly registry: Registry,
    /** The repositories of each copy: the working copies' and the visitors' (app.publishedRepositories). */
    private readonly copies: Record<Copy, Map<string, Repository>>,
    private readonly authorizer: Authorizer,
    changes: ChangeFeed,
    private readonly log: FastifyBaseLogger,
  ) {
    this.graph = new RelationGraph(registry);
    const linked = new Set<string>();
    for (const relation of this.graph.relations.values()) {
      linked.add(relation.id).add(relation.parent.model);
      if (relation.id !== EXTERNAL_WIDGETS) linked.add(relation.child.model);
    }
    // A deleted record takes its links with it (ON DELETE CASCADE) without a write to the
    // relation being announced, so a change to a linked model counts, not only to a link.
    changes.subscribe(
      (model) => {
        this.generation++;
        if (model === EVERYTHING || PERMISSION_MODELS.includes(model)) return this.profiles.clear();
        for (const profile of this.profiles.values()) {
          void profile.then(
            (p) => {
              if (p.behind.has(model)) p.hidden = {};
            },
            () => undefined,
          );
        }
      },
      [...linked, ...PERMISSION_MODELS],
    );
  }

  /**
   * Ids of `model`'s rows this caller may not see (usually none). The secret key's answer is
   * known at once (it sees every row): no promise for the bulk of server-to-server traffic.
   */
  hiddenIds(caller: Caller, model: string, copy: Copy): ReadonlySet<string> | Promise<ReadonlySet<string>> {
    if (caller.kind === "secret-key") return NONE;
    return this.hiddenIdsOf(caller, model, copy);
  }

  /** The hidden rows of `model` as one more filter (`id` not in them), or undefined when there are none. */
  exclusion(caller: Caller, model: string, copy: Copy): Condition | undefined | Promise<Condition | undefined> {
    if (caller.kind === "secret-key") return undefined;
    return this.hiddenIdsOf(caller, model, copy).then((hidden) => {
      if (hidden.size === 0) return undefined;
      const field = this.copies.working.get(model)!.model.fieldMap.get("id")!;
      return { field, kind: field.kind, method: "notInArray", value: [...hidden] };
    });
  }

  private async hiddenIdsOf(caller: Caller, model: string, copy: Copy): Promise<ReadonlySet<string>> {
    const profile = await this.profileOf(caller);
    // A model without drafts has one copy, the visitors' one: judged by the links visitors read.
    const hidden = await this.hiddenRowsOf(profile, this.registry.find(model)?.published ? copy : "published");
    return hidden.get(model) ?? NONE;
  }

  private async profileOf(caller: Caller): Promise<Profile> {
    // A subject that no longer exists counts as anonymous, as the authorizer reads it.
    const roles = caller.kind === "subject" ? await this.authorizer.rolesOf(caller.subjectId) : undefined;
    const key = roles ? `signed-in:${[...roles].sort().join(",")}` : "anonymous";
    let profile = this.profiles.get(key);
    if (!profile) {
      profile = this.readableBy(roles ? caller : ANONYMOUS).then((readable) => ({
        readable,
        behind: modelsBehind(this.graph, readable),
        hidden: {},
      }));
      this.profiles.set(key, profile);
      profile.catch(() => this.profiles.delete(key));
    }
    return profile;
  }

  private async readableBy(caller: Caller): Promise<Set<string>> {
    const models = this.registry.exposed.map((m) => m.id);
    const allowed = await Promise.all(models.map((id) => this.authorizer.allows(caller, "GET", `/api/${id}`)));
    return new Set(models.filter((_, i) => allowed[i]));
  }

  private hiddenRowsOf(profile: Profile, copy: Copy): Promise<HiddenRows> {
    const known = profile.hidden[copy];
    if (known) return known;
    const generation = this.generation;
    const hidden = findMembersOnlyRows(this.graph, this.copies[copy], profile.readable, this.log);
    const kept = profile.hidden;
    kept[copy] = hidden;
    const forget = () => {
      if (kept[copy] === hidden) delete kept[copy];
    };
    hidden.then(() => {
      // Links changed while this was worked out: the next caller works it out again.
      if (generation !== this.generation) forget();
    }, forget);
    return hidden;
  }
}
