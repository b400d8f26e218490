import type { RelationGraph } from "../../../../engine/query/relation-graph.js";
import type { ChildKind } from "../../../../common/site/block-catalogue.js";

/**
 * How each kind of child a block takes is stored below its module widget (the catalogue's relation
 * models, docs/api.md). Three kinds are the block's own content, written from the POST's `content`: features
 * (widgets-to-features → features), buttons (widgets-to-buttons-arrays → one buttons array →
 * buttons-arrays-to-buttons → buttons) and slides (widgets-to-sliders → one slider →
 * sliders-to-slides → slides). The others are records kept elsewhere (articles, products, files…)
 * that a block shows: `content` names them by id, and only the link rows are the block's.
 */
export interface OwnedKind {
  kind: "features" | "buttons" | "slides";
  /** widget → holder (features: the children themselves). */
  relation: string;
  /** A holder between the widget and the children (a buttons array, a slider), if any. */
  holder?: { model: string; relation: string };
  child: string;
}

export const OWNED_KINDS: Record<OwnedKind["kind"], OwnedKind> = {
  features: { kind: "features", relation: "website-builder/widgets-to-features", child: "website-builder/features" },
  buttons: {
    kind: "buttons",
    relation: "website-builder/widgets-to-buttons-arrays",
    holder: { model: "website-builder/buttons-arrays", relation: "website-builder/buttons-arrays-to-buttons" },
    child: "website-builder/buttons",
  },
  slides: {
    kind: "slides",
    relation: "website-builder/widgets-to-sliders",
    holder: { model: "website-builder/sliders", relation: "website-builder/sliders-to-slides" },
    child: "website-builder/slides",
  },
};

export const isOwnedKind = (kind: ChildKind): kind is OwnedKind["kind"] => kind in OWNED_KINDS;

/** A kind named by id: the relation from `{module}/widgets` to the records of that kind. */
export interface LinkedKind {
  relation: string;
  parentKey: string;
  childKey: string;
  child: string;
}

/**
 * The relation from the module's widgets to records of this kind, read from the relation graph
 * (the child model's entity name is the kind: ecommerce/products, file-storage/files), so a module
 * adding such a relation needs no entry here.
 */
export function linkedKind(graph: RelationGraph, module: string, kind: ChildKind): LinkedKind | undefined {
  const relation = graph.childrenOf(`${module}/widgets`).find((r) => r.child.model.split("/")[1] === kind);
  return (
    relation && {
      relation: relation.id,
      parentKey: relation.parent.key,
      childKey: relation.child.key,
      child: relation.child.model,
    }
  );
}
