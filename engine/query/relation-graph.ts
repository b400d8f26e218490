import type { Registry } from "../schema/registry.js";

/** host/widgets-to-external-widgets: its child is `{externalModule}/widgets`, named by a column, not a foreign key. */
export const EXTERNAL_WIDGETS = "host/widgets-to-external-widgets";
export const EXTERNAL_CHILD_MODEL = "{externalModule}/widgets";

/**
 * A relation model's two foreign keys: `parent` first in the schema, `child` second. Defined here,
 * beside the graph that derives them; common/site/page-data.ts re-exports it as part of PageData.
 */
export interface RelationKeys {
  parent: { key: string; model: string };
  child: { key: string; model: string };
}

export interface Relation extends RelationKeys {
  id: string;
}

/**
 * The relation models of the registry, read from their foreign keys: the first `x-references`
 * field is the parent, the second the child (schemas/README.md naming). Derived, never listed by
 * hand, so a new relation schema is walked by the page loader without code.
 */
export class RelationGraph {
  readonly relations = new Map<string, Relation>();
  private readonly byParent = new Map<string, Relation[]>();
  private readonly byChild = new Map<string, Relation[]>();

  constructor(registry: Registry) {
    for (const model of registry.exposed) {
      if (model.kind !== "relation") continue;
      const keys = model.fields.filter((f) => f.references);
      let relation: Relation | undefined;
      if (model.id === EXTERNAL_WIDGETS && keys[0]) {
        relation = {
          id: model.id,
          parent: { key: keys[0].name, model: keys[0].references!.model },
          child: { key: "externalWidgetId", model: EXTERNAL_CHILD_MODEL },
        };
      } else if (keys.length === 2) {
        relation = {
          id: model.id,
          parent: { key: keys[0]!.name, model: keys[0]!.references!.model },
          child: { key: keys[1]!.name, model: keys[1]!.references!.model },
        };
      }
      if (!relation) continue;
      this.relations.set(model.id, relation);
      push(this.byParent, relation.parent.model, relation);
      push(this.byChild, relation.child.model, relation);
    }
  }

  /** Relations whose parent (first foreign key) is this model. */
  childrenOf(model: string): Relation[] {
    return this.byParent.get(model) ?? [];
  }

  /** Relations whose child (second foreign key) is this model. */
  parentsOf(model: string): Relation[] {
    return this.byChild.get(model) ?? [];
  }

  keysOf(relation: string): RelationKeys | undefined {
    const r = this.relations.get(relation);
    return r && { parent: r.parent, child: r.child };
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
