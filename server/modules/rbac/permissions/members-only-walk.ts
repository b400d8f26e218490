import type { FastifyBaseLogger } from "fastify";
import type { Row } from "../../../../engine/query/prepare-write.js";
import type { Repository } from "../../../../engine/query/repository.js";
import { EXTERNAL_WIDGETS, type Relation, type RelationGraph } from "../../../../engine/query/relation-graph.js";
import { rowsWhereIn } from "../../../../engine/query/record-queries.js";

/** Model id → ids of its rows a profile may not see. */
export type HiddenRows = Map<string, Set<string>>;

/** Levels walked below a guarded record (widget → slider → slide → buttons array → button is four). */
const MAX_ROUNDS = 8;
/** Rows of one guarding relation read at most (a guard links a few private parts, not a table's worth). */
const MAX_GUARD_ROWS = 100_000;
const PAGE = 1000;

type Ids = Map<string, Set<string>>;
const add = (map: Ids, model: string, ids: Iterable<string>) => {
  let set = map.get(model);
  for (const id of ids) (set ??= map.set(model, new Set()).get(model)!).add(id);
};

/** The model a relation row links to: a foreign key's model, or `{externalModule}/widgets`. */
const childModelOf = (relation: Relation, row: Row) =>
  relation.id === EXTERNAL_WIDGETS ? `${String(row.externalModule)}/widgets` : relation.child.model;

/**
 * Relations that guard content from a caller who may read `readable`: the caller may read the
 * parent but not the link, and could read what it links to (else there is nothing to hide).
 */
export function guardsFor(graph: RelationGraph, readable: Set<string>): Relation[] {
  return [...graph.relations.values()].filter(
    (r) =>
      !readable.has(r.id) && readable.has(r.parent.model) && (r.id === EXTERNAL_WIDGETS || readable.has(r.child.model)),
  );
}

/** The models whose rows the walk reads (or whose deletion removes links it read): a change to one may change its answer. */
export function modelsBehind(graph: RelationGraph, readable: Set<string>): Set<string> {
  const models = new Set<string>();
  const guards = new Set(guardsFor(graph, readable).map((r) => r.id));
  for (const r of graph.relations.values()) {
    if (!readable.has(r.id) && !guards.has(r.id)) continue;
    models.add(r.id).add(r.parent.model);
    if (r.id !== EXTERNAL_WIDGETS) models.add(r.child.model);
  }
  return models;
}

/**
 * The members-only rows for a caller who may read `readable`: the rows guarding relations link to,
 * unless a readable link from a visible record reaches them too; then, level by level, the link
 * rows hanging below hidden records and the records those links alone reach. One query per
 * relation per level, with `inArray` over all the ids of that level.
 */
export async function findMembersOnlyRows(
  graph: RelationGraph,
  repositories: Map<string, Repository>,
  readable: Set<string>,
  log: FastifyBaseLogger,
): Promise<HiddenRows> {
  const hidden: HiddenRows = new Map();
  const guards = guardsFor(graph, readable);
  if (guards.length === 0) return hidden;
  const repository = (model: string) => repositories.get(model)!;
  const isHidden = (model: string, id: unknown) => typeof id === "string" && !!hidden.get(model)?.has(id);

  // Records reached through a hidden way, still to be checked for a visible one.
  let candidates: Ids = new Map();
  for (const guard of guards) {
    for (const row of await allRows(repository(guard.id), log)) {
      const model = childModelOf(guard, row);
      const id = row[guard.child.key];
      if (readable.has(model) && typeof id === "string") add(candidates, model, [id]);
    }
  }

  for (let round = 0; round < MAX_ROUNDS && candidates.size > 0; round++) {
    // 1. A candidate stays visible when a readable link from a visible record reaches it.
    const newlyHidden: Ids = new Map();
    for (const [model, ids] of candidates) {
      const fresh = [...ids].filter((id) => !isHidden(model, id));
      if (fresh.length === 0) continue;
      const visible = new Set<string>();
      for (const way of waysInto(graph, model)) {
        if (!readable.has(way.id) || !repositories.has(way.id)) continue;
        for (const row of await rowsWhereIn(repository(way.id), way.child.key, fresh)) {
          if (childModelOf(way, row) !== model || isHidden(way.id, row.id)) continue;
          if (readable.has(way.parent.model) && !isHidden(way.parent.model, row[way.parent.key]))
            visible.add(row[way.child.key] as string);
        }
      }
      const members = fresh.filter((id) => !visible.has(id));
      add(hidden, model, members);
      add(newlyHidden, model, members);
    }
    // 2. Below each newly hidden record: its link rows are hidden with it (relations of relations
    //    too), and what they link to becomes a candidate of the next round.
    candidates = new Map();
    let below = newlyHidden;
    while (below.size > 0) {
      const next: Ids = new Map();
      for (const [model, ids] of below) {
        for (const relation of graph.childrenOf(model)) {
          if (!readable.has(relation.id)) continue;
          const rows = await rowsWhereIn(repository(relation.id), relation.parent.key, [...ids]);
          const links = rows.map((r) => r.id as string).filter((id) => !isHidden(relation.id, id));
          add(hidden, relation.id, links);
          add(next, relation.id, links);
          for (const row of rows) {
            const child = childModelOf(relation, row);
            if (readable.has(child) && typeof row[relation.child.key] === "string")
              add(candidates, child, [row[relation.child.key] as string]);
          }
        }
      }
      below = next;
    }
  }
  return hidden;
}

/** The relations whose child is `model`, and the external-widget link for a module's widgets. */
function waysInto(graph: RelationGraph, model: string): Relation[] {
  const ways = [...graph.parentsOf(model)];
  const external = graph.relations.get(EXTERNAL_WIDGETS);
  if (external && model.endsWith("/widgets")) ways.push(external);
  return ways;
}

async function allRows(repository: Repository, log: FastifyBaseLogger): Promise<Row[]> {
  const rows: Row[] = [];
  for (let offset = 0; offset < MAX_GUARD_ROWS; offset += PAGE) {
    const page = await repository.list({ filters: [], orderBy: [], limit: PAGE, offset });
    rows.push(...page);
    if (page.length < PAGE) return rows;
  }
  log.warn(`${repository.model.id} links more than ${MAX_GUARD_ROWS} members-only records; the rest are not hidden`);
  return rows;
}
