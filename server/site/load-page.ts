import type { Repository } from "../../engine/query/repository.js";
import type { Language, PageData, RelationKeys, Row } from "../../common/site/page-data.js";
import type { ResolvedPage } from "./host/page-resolver.js";
import { LIST_CAP, listedModel } from "./list-variants.js";
import { PERMISSION_MODELS, type ModelAccess } from "./model-access.js";
import type { FactsData, PageFacts } from "./page-facts.js";
import { PageRecords } from "./page-records.js";
import { newestRows, rowsWhereIn } from "../../engine/query/record-queries.js";
import { EXTERNAL_WIDGETS, type Relation, type RelationGraph } from "../../engine/query/relation-graph.js";

export interface LoadedPage {
  data: PageData;
  /** Every model the data was read from (queried, found or not): a change to one makes the page stale. */
  models: Set<string>;
}

/**
 * Hops walked below the page: page → layout → host widget → module widget → slider → slide →
 * buttons array → button is seven; one more for the lists' own children. Bounded, so a cycle
 * in the data (or the schemas) cannot run on.
 */
const MAX_ROUNDS = 8;

/** A subject named by a url shows only who it is, never its identities, roles or anything else. */
const SUBJECT_FIELDS = ["id", "slug", "variant"];
const SUBJECTS = "rbac/subjects";
/**
 * The one link from a subject a visitor may follow: to its social profiles, which are public
 * content (a profile page is made to be seen). The link rows carry only the two ids and order.
 */
const PUBLIC_SUBJECT_LINKS = new Set(["rbac/subjects-to-social-module-profiles"]);

type Ids = Map<string, Set<string>>;
type HiddenOf = (model: string) => Promise<ReadonlySet<string>>;
const addIds = (map: Ids, model: string, ids: Iterable<string>) => {
  const set = map.get(model) ?? new Set<string>();
  for (const id of ids) set.add(id);
  if (set.size) map.set(model, set);
};

/**
 * Loads everything one page renders, batched by model: each round asks, for every model with new
 * rows, for the relation rows whose parent (first foreign key) they are — one query per relation
 * model with `inArray` over all the ids — then fetches the children by id, one query per child
 * model. So the number of queries follows the models a page uses, never its widget count.
 * Only models an anonymous visitor may read are included (the page is cached and shared).
 */
export class PageLoader {
  constructor(
    private readonly repositories: Map<string, Repository>,
    private readonly graph: RelationGraph,
    // Only its answer is asked for: a preview passes the one it read before its transaction.
    private readonly access: Pick<ModelAccess, "readableModels">,
    /** Members-only rows of a model (rbac's MembersOnly for a visitor): never part of a page. */
    private readonly hiddenOf: HiddenOf = async () => new Set(),
    /** What modules tell a page beside its rows (the shop's facts), read after them. */
    private readonly facts: readonly PageFacts[] = [],
  ) {}

  async load(resolved: ResolvedPage, pagesModel: string, language: Language, path: string): Promise<LoadedPage> {
    const readable = await this.access.readableModels();
    const walk = new LoadWalk(this.repositories, this.graph, readable, this.hiddenOf);
    walk.models.add(pagesModel);
    for (const model of PERMISSION_MODELS) walk.models.add(model);
    walk.store.add(pagesModel, [resolved.page]);
    addIds(walk.frontier, pagesModel, [resolved.page.id as string]);
    for (const { segment, row } of resolved.named) {
      walk.models.add(segment.model);
      if (segment.model === SUBJECTS) {
        walk.store.add(SUBJECTS, [Object.fromEntries(SUBJECT_FIELDS.map((f) => [f, row[f]]))]);
        addIds(walk.frontier, SUBJECTS, [row.id as string]);
      } else if (readable.has(segment.model)) {
        walk.store.add(segment.model, [row]);
        addIds(walk.frontier, segment.model, [row.id as string]);
        walk.parentsOf(segment.model, row.id as string);
      }
    }
    await walk.run();
    const told = await Promise.all(this.facts.map((f) => f.read(walk.store.records, this.repositories)));
    const facts: FactsData = {};
    for (const [i, data] of told.entries()) {
      if (!data) continue;
      Object.assign(facts, data);
      for (const model of this.facts[i]!.models) walk.models.add(model);
    }
    return {
      data: {
        language,
        path,
        pageId: resolved.page.id as string,
        segments: resolved.segments,
        records: walk.store.records,
        lists: walk.lists,
        relations: walk.relations,
        ...facts,
      },
      models: walk.models,
    };
  }
}

/** One page load's state: what is loaded, what to walk next, which models were read. */
class LoadWalk {
  readonly store = new PageRecords();
  readonly models = new Set<string>();
  readonly lists: Record<string, string[]> = {};
  readonly relations: Record<string, RelationKeys> = {};
  /** Models with rows added last round, whose child relations are read next. */
  frontier: Ids = new Map();
  /** Relations to read upward (a url's record → its parents, e.g. an article's categories): model → relation → child ids. */
  private upward: { relation: Relation; ids: string[] }[] = [];
  private pendingLists = new Set<string>();

  constructor(
    private readonly repositories: Map<string, Repository>,
    private readonly graph: RelationGraph,
    private readonly readable: Set<string>,
    private readonly hiddenOf: HiddenOf,
  ) {}

  /** The rows a visitor may see: members-only ones left out. */
  private async visible<R extends { id?: unknown }>(model: string, rows: R[]): Promise<R[]> {
    const hidden = await this.hiddenOf(model);
    return hidden.size ? rows.filter((row) => !hidden.has(row.id as string)) : rows;
  }

  parentsOf(model: string, id: string) {
    for (const relation of this.graph.parentsOf(model)) {
      if (this.readable.has(relation.id) && this.readable.has(relation.parent.model))
        this.upward.push({ relation, ids: [id] });
    }
  }

  async run() {
    for (
      let round = 0;
      round < MAX_ROUNDS && (this.frontier.size || this.pendingLists.size || this.upward.length);
      round++
    ) {
      const toFetch: Ids = new Map();
      const next: Ids = new Map();
      const noWalk: Ids = new Map();
      const reads: Promise<void>[] = [];
      for (const [model, ids] of this.frontier) {
        for (const relation of this.graph.childrenOf(model)) {
          const publicLink = model === SUBJECTS && PUBLIC_SUBJECT_LINKS.has(relation.id);
          if (!this.readable.has(relation.id) && !publicLink) continue;
          if (relation.id !== EXTERNAL_WIDGETS && !this.readable.has(relation.child.model)) continue;
          reads.push(this.readRelation(relation, relation.parent.key, [...ids], next, toFetch, "child"));
        }
      }
      for (const { relation, ids } of this.upward)
        reads.push(this.readRelation(relation, relation.child.key, ids, new Map(), noWalk, "parent"));
      this.upward = [];
      for (const model of this.pendingLists) reads.push(this.readList(model, next));
      this.pendingLists.clear();
      await Promise.all(reads);
      await Promise.all([
        ...[...toFetch].map(([model, ids]) => this.fetchRows(model, ids, next, true)),
        ...[...noWalk].map(([model, ids]) => this.fetchRows(model, ids, next, false)),
      ]);
      this.frontier = next;
    }
  }

  private async readRelation(
    relation: Relation,
    key: string,
    ids: string[],
    next: Ids,
    toFetch: Ids,
    side: "child" | "parent",
  ) {
    this.models.add(relation.id);
    this.relations[relation.id] = { parent: relation.parent, child: relation.child };
    const rows = await this.visible(relation.id, await rowsWhereIn(this.repository(relation.id), key, ids));
    const added = this.store.add(relation.id, rows);
    // Relations of relations (stores-to-products-to-attributes) walk from the relation's rows.
    addIds(
      next,
      relation.id,
      added.map((r) => r.id),
    );
    for (const row of rows) {
      const end = side === "child" ? relation.child : relation.parent;
      const model = relation.id === EXTERNAL_WIDGETS ? `${String(row.externalModule)}/widgets` : end.model;
      const id = row[end.key];
      if (typeof id !== "string" || !this.readable.has(model) || !this.repositories.has(model)) continue;
      if (!this.store.has(model, id)) addIds(toFetch, model, [id]);
    }
  }

  private async readList(model: string, next: Ids) {
    this.models.add(model);
    const rows = await newestRows(this.repository(model), LIST_CAP, [...(await this.hiddenOf(model))]);
    this.lists[model] = rows.map((r) => r.id as string);
    addIds(
      next,
      model,
      this.store.add(model, rows).map((r) => r.id),
    );
  }

  private async fetchRows(model: string, ids: Set<string>, next: Ids, walk: boolean) {
    this.models.add(model);
    const wanted = [...ids].filter((id) => !this.store.has(model, id));
    const added = this.store.add(
      model,
      await this.visible(model, await rowsWhereIn(this.repository(model), "id", wanted)),
    );
    if (walk)
      addIds(
        next,
        model,
        added.map((r) => r.id),
      );
    for (const row of added) {
      const listed = listedModel(model, row.variant);
      if (listed && this.readable.has(listed) && !(listed in this.lists)) this.pendingLists.add(listed);
    }
  }

  private repository(model: string): Repository {
    const repository = this.repositories.get(model);
    if (!repository) throw new Error(`Unknown model ${model}`);
    return repository;
  }
}

export type { Row };
